/**
 * The Maintenance screen in a real browser (Debian's Chromium through playwright-core): start a
 * maintenance now with the keyboard-reachable form, see it in progress and on the check page,
 * end it; at phone width without horizontal scroll; no script errors or CSP violations.
 */
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;
let projectId: string;
let checkId: string;
let email: string;

beforeAll(async () => {
  h = await startBrowserApi();
  ({ prisma, base } = h);
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  checkId = (await makeCheck(prisma, project.id, { name: 'Nightly <b>backup</b>', status: 'up', tags: ['db'] })).id;
  email = (await makeUser(prisma, project.accountId, 'owner', 'owner@maintenance.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test.each([
  ['a phone', 375, 740],
  ['a desktop', 1280, 900],
])('on %s: start maintenance now for the ticked check, see it on the check page, end it', async (_label, width, height) => {
  await prisma.maintenanceWindow.deleteMany({ where: { projectId } });
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, base, email);

  await page.goto(`${base}/projects/${projectId}`);
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await page.waitForURL(/\/maintenance$/);
  await page.getByLabel('Name').fill('deploy 1.2');
  await page.getByLabel('When').selectOption('now');
  await page.getByLabel('Minutes').fill('20');
  await page.getByLabel('Checks', { exact: true }).selectOption('checks');
  // The checkbox is reached and ticked with the keyboard.
  await page.getByLabel('Nightly <b>backup</b>').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Add maintenance' }).click();
  await page.waitForURL(/done=created/);

  const inProgress = page.getByRole('region', { name: 'In progress' });
  await expect(inProgress.getByRole('rowheader').allTextContents()).resolves.toEqual(['deploy 1.2']);
  expect(await inProgress.locator('td[data-label="Applies to"]').textContent()).toBe('Nightly <b>backup</b>');
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);

  await page.goto(`${base}/checks/${checkId}`);
  await expect(page.locator('[data-field="maintenance"]').textContent()).resolves.toMatch(/^Under maintenance until .+ \(deploy 1\.2\)/);

  await page.goto(`${base}/projects/${projectId}/maintenance`);
  await page.getByRole('button', { name: 'End now' }).click();
  await page.waitForURL(/done=ended/);
  await expect(page.getByRole('status').textContent()).resolves.toContain('Maintenance ended.');
  await expect(page.getByRole('region', { name: 'Past' }).getByRole('rowheader').allTextContents()).resolves.toEqual(['deploy 1.2']);
  expect(problems).toEqual([]);
  await context.close();
});

test('at phone width: the form shows only the chosen kind’s fields, the zone is the browser’s, a one-off window is added with datetime inputs', async () => {
  await prisma.maintenanceWindow.deleteMany({ where: { projectId } });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, base, email);
  await page.goto(`${base}/projects/${projectId}/maintenance`);
  await expect(page.getByLabel('Time zone').inputValue()).resolves.toBe('Asia/Tokyo');
  // "From now": minutes only.
  await expect(page.getByLabel('Minutes').isVisible()).resolves.toBe(true);
  await expect(page.getByLabel('Start').isVisible()).resolves.toBe(false);
  await expect(page.getByLabel('Schedule').isVisible()).resolves.toBe(false);
  await expect(page.getByLabel('Time zone').isVisible()).resolves.toBe(false);
  await page.getByLabel('When').selectOption('one_off');
  await expect(page.getByLabel('Minutes').isVisible()).resolves.toBe(false);
  await expect(page.getByLabel('Start').isVisible()).resolves.toBe(true);
  await expect(page.getByLabel('Time zone').isVisible()).resolves.toBe(true);
  await expect(page.getByLabel('Tags').isVisible()).resolves.toBe(false);
  await page.getByLabel('Name').fill('db move');
  await page.getByLabel('Start').fill('2030-11-27T02:00');
  await page.getByLabel('End').fill('2030-11-27T03:30');
  await page.getByRole('button', { name: 'Add maintenance' }).click();
  await page.waitForURL(/done=created/);
  const [w] = await prisma.maintenanceWindow.findMany({ where: { projectId } });
  // 02:00 in Tokyo (UTC+9) is 17:00 UTC the day before.
  expect([w?.startsAt?.toISOString(), w?.endsAt?.toISOString()]).toEqual(['2030-11-26T17:00:00.000Z', '2030-11-26T18:30:00.000Z']);
  await expect(page.getByRole('region', { name: 'Upcoming' }).locator('td[data-label="When"]').textContent()).resolves.toMatch(
    /^2030-11-27 02:00 .*to 2030-11-27 03:30/,
  );
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(problems).toEqual([]);
  await context.close();
});
