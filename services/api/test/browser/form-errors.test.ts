/**
 * A form sent back with problems, in a real browser (Debian's Chromium through playwright-core) at
 * phone and laptop width: the list at the top takes the focus, names each problem in words with a
 * link to its field, a bad cron expression is said once beside its field (the live preview does
 * not repeat it), and axe finds nothing.
 */
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn } from '../support/browser-page.js';

const w = browserOwnerWorld('owner@form-errors.example.com');

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: the problem list takes the focus, links to the fields, in words; the cron message once', async (_label, width, height) => {
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}/checks/new`);
  await page.fill('#f-name', '');
  await page.fill('#f-tags', `ok ${'x'.repeat(101)}`);
  await page.selectOption('#f-schedule-kind', 'cron');
  await page.fill('#f-schedule-cron', '61 * * * *');
  await Promise.all([page.waitForLoadState(), page.locator('form.check-form button[type="submit"]').first().click()]);
  await page.waitForSelector('.alert-error');

  // The focus is on the list, which reads as sentences, each a link to its field.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('alert-error'))).toBe(true);
  const items = await page.locator('.alert-error li a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(items).toEqual(
    expect.arrayContaining([
      ['Name cannot be empty', '#f-name'],
      ['Tag 2 must be at most 100 characters long', '#f-tags'],
      [expect.stringMatching(/^Cron is not a valid cron expression/), '#f-schedule-cron'],
    ]),
  );
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/is not allowed to be empty|less than or equal|http\|https pattern|tags\.1/);
  // Beside the field once; the preview, which has had time to answer, does not say it again.
  await page.waitForFunction(() => document.querySelector('#schedule-preview')?.getAttribute('data-answered') !== null);
  expect(await page.locator('#schedule-preview .error').count()).toBe(0);
  expect(await page.locator('#f-schedule-cron-error').textContent()).toMatch(/^is not a valid cron expression/);

  // Following a link puts the focus in its field.
  await page.locator('.alert-error li a[href="#f-name"]').click();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');
  expect(await axeViolations(page)).toEqual([]);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  // The form's own answer is a 422, which the console reports; nothing else.
  expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
  await context.close();
});
