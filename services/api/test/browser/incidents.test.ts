/**
 * Incidents on a status page in a real browser (Debian's Chromium through playwright-core): a
 * member opens an incident from the status page's settings with the keyboard, posts an update
 * and resolves it; the public page shows it at the top while open and in its history once
 * resolved. Script and markup in the title and the message stay text; axe finds nothing on the
 * form, the incident's page or the public page, at phone and laptop widths.
 */
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject } from '@upmon/testing';
import { expectAccessibleAndFitting } from '../support/axe.js';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn, type Page } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;
let projectId: string;
let publicKey: string;
let email: string;

const TITLE = '<script>alert("title")</script> Database <b>slow</b>';
const MESSAGE =
  'We are **investigating**.\n\n- reads are slow <img src=x onerror=alert(1)>\n- see [our notes](https://example.com/notes)\n\n[x](javascript:alert(2))';

beforeAll(async () => {
  // Rendered for every view: the page shows each change at once (in production within STATUS_PAGE_CACHE_SEC).
  h = await startBrowserApi({ STATUS_PAGE_CACHE_SEC: '0' });
  ({ prisma, base } = h);
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  const api = await makeCheck(prisma, project.id, { name: 'API <i>v2</i>', status: 'up' });
  const worker = await makeCheck(prisma, project.id, { name: 'Worker', status: 'up' });
  const page = await prisma.statusPage.create({
    data: {
      projectId,
      title: 'Acme status',
      enabled: true,
      groups: {
        create: [
          {
            name: 'Core',
            position: 0,
            checks: {
              create: [
                { checkId: api.id, position: 0 },
                { checkId: worker.id, position: 1 },
              ],
            },
          },
        ],
      },
    },
  });
  publicKey = page.publicKey;
  // A member: incidents are theirs to announce, the page's settings are not.
  email = (await makeUser(prisma, project.accountId, 'member', 'member@incidents.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function expectClean(page: Page, where: string) {
  await expectAccessibleAndFitting(page, where);
  expect(await page.locator('img, b, i:not(.status-icon)').count()).toBe(0);
}

test.each([
  ['a phone', 375, 740],
  ['a laptop', 1280, 900],
])('on %s: open an incident with the keyboard, see it on the public page, resolve it, see it in the history', async (_label, width, height) => {
  await prisma.statusPageIncident.deleteMany({});
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, base, email);

  await page.goto(`${base}/projects/${projectId}/status-page`);
  await page.getByRole('link', { name: 'Incidents', exact: true }).click();
  await page.waitForURL(/\/status-page\/incidents$/);
  await expectClean(page, 'incidents form');
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('State').selectOption('identified');
  await page.getByLabel('Message').fill(MESSAGE);
  await page.getByLabel('Check: API <i>v2</i>').selectOption('major_outage');
  await page.getByLabel('Group: Core').selectOption('degraded_performance');
  await page.getByRole('button', { name: 'Open incident' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/done=opened/);
  await expect(page.getByRole('status').textContent()).resolves.toContain('Incident opened.');
  expect(await page.locator('main h2').first().textContent()).toBe(TITLE);
  await expectClean(page, 'incident page');

  // Open: at the top of the public page, before the groups; script and markup stay text.
  const pub = await context.newPage();
  const publicProblems = recordProblems(pub);
  await pub.goto(`${base}/status/${publicKey}`);
  expect(await pub.locator('main h2').allTextContents()).toEqual(['Active incidents', 'Core', 'Past downtime', 'Get updates']);
  const active = pub.getByRole('region', { name: 'Active incidents' });
  expect(await active.locator('h3').textContent()).toBe(TITLE);
  expect(await active.locator('.incident-components').textContent()).toBe('Affects: Core (degraded performance), API <i>v2</i> (major outage)');
  expect(await active.locator('.update-message li').allTextContents()).toEqual(['reads are slow <img src=x onerror=alert(1)>', 'see our notes']);
  expect(await active.locator('.update-message a').count()).toBe(1);
  expect(await active.locator('.update-message a').getAttribute('href')).toBe('https://example.com/notes');
  expect(await active.locator('.update-message a').getAttribute('rel')).toBe('nofollow noopener');
  expect(await active.locator('.update-message strong').textContent()).toBe('investigating');
  expect(await pub.locator('li.check').first().locator('ol.bars > li').last().getAttribute('title')).toMatch(
    /; incident: <script>alert\("title"\)<\/script> Database <b>slow<\/b> \(major outage\)$/,
  );
  await expectClean(pub, 'public page, open');

  // Resolve it, from the incident's page, with the keyboard.
  await page.getByLabel('State').selectOption('resolved');
  await page.getByLabel('Message').first().fill('Fixed: an index was missing.');
  await page.getByRole('button', { name: 'Post update' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/done=posted/);
  expect(await page.locator('.incident-update').count()).toBe(2);

  // Edit the first update: the public page says "edited".
  await page.locator('.incident-update').nth(1).getByText('Edit or delete this update').click();
  await page.locator('.incident-update').nth(1).getByLabel('Message').fill('We are looking into slow reads.');
  await page.locator('.incident-update').nth(1).getByRole('button', { name: 'Save message' }).click();
  await page.waitForURL(/done=edited/);
  await expectClean(page, 'incident page, resolved');

  // Another URL of the same page: the browser keeps the first for its max-age.
  await pub.goto(`${base}/status/${publicKey}?resolved`);
  expect(await pub.locator('main h2').allTextContents()).toEqual(['Core', 'Past downtime', 'Resolved incidents', 'Get updates']);
  const history = pub.getByRole('region', { name: 'Resolved incidents' });
  expect(await history.locator('h3').textContent()).toBe(TITLE);
  expect(await history.locator('.update-meta').allTextContents()).toEqual([
    expect.stringMatching(/^Resolved · /),
    expect.stringMatching(/^Identified · .* \(edited\)$/),
  ]);
  await expectClean(pub, 'public page, resolved');
  expect(problems).toEqual([]);
  expect(publicProblems).toEqual([]);
  await context.close();
});

test('bad input is refused beside its field, and what was typed stays', async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signIn(page, base, email);
  await page.goto(`${base}/projects/${projectId}/status-page/incidents`);
  await page.getByLabel('Title').fill('   ');
  await page.getByLabel('Message').fill('Still here');
  await page.getByRole('button', { name: 'Open incident' }).click();
  await expect(page.locator('#f-title-error').textContent()).resolves.toBe('must not be blank');
  expect(await page.getByLabel('Message').inputValue()).toBe('Still here');
  expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
  await expectClean(page, 'form with errors');
  await context.close();
});
