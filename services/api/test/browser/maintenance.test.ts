/**
 * The Maintenance screen in a real browser (Debian's Chromium through playwright-core): start a
 * maintenance now with the keyboard-reachable form, see it in progress and on the check page,
 * end it; at phone width without horizontal scroll; no script errors or CSP violations.
 */
import { jest } from '@jest/globals';
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

jest.setTimeout(120_000);

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
