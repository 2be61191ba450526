/**
 * The On call screens in a real browser (Debian's Chromium through playwright-core), at phone and
 * laptop width: the list says who is on call now and next, a schedule shows its two weeks as a
 * drawing and as a list of shifts, and an override added with the form takes over. axe finds
 * nothing; no script errors, CSP violations or sideways scrolling. Screenshots go to docs/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeProject } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let projectId: string;
let scheduleId: string;
let email: string;

beforeAll(async () => {
  h = await startBrowserApi();
  prisma = h.prisma;
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  const owner = await makeUser(prisma, project.accountId, 'owner', 'owner@oncall.example.com');
  await prisma.user.update({ where: { id: owner.id }, data: { name: 'Ann Owner' } });
  const bob = await makeUser(prisma, project.accountId, 'member', 'bob@oncall.example.com');
  await prisma.user.update({ where: { id: bob.id }, data: { name: 'Bob <Backup>' } });
  email = owner.email;
  const schedule = await prisma.oncallSchedule.create({ data: { projectId, name: 'Primary', icalToken: 'x'.repeat(32) } });
  scheduleId = schedule.id;
  // Ann and Bob take turns each day at 09:00 Berlin time, from a week ago; a night layer for Bob on weekends.
  const anchorDate = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const layer = { scheduleId, rotationUnit: 'days', rotationCount: 1, anchorDate, handoffTime: '09:00', tz: 'Europe/Berlin' };
  await prisma.oncallLayer.create({ data: { ...layer, position: 0, name: 'Daily', userIds: [owner.id, bob.id] } });
  await prisma.oncallLayer.create({
    data: { ...layer, position: 1, name: 'Weekend nights', userIds: [bob.id], restrictions: [{ days: [6, 7], from: '22:00', to: '06:00' }] },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test.each([
  ['phone', 390, 844],
  ['laptop', 1280, 900],
])('on a %s: on call now and next, the two-week timeline, an override added with the form', async (label, width, height) => {
  await prisma.oncallOverride.deleteMany({ where: { scheduleId } });
  const context = await browser.newContext({ viewport: { width, height }, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);

  await page.goto(`${h.base}/projects/${projectId}`);
  await page.getByRole('link', { name: 'On call' }).click();
  await page.waitForURL(/\/oncall$/);
  const row = page.locator(`tr[data-schedule-id="${scheduleId}"]`);
  await expect(row.locator('td[data-label="On call now"] strong').textContent()).resolves.toMatch(/^(Ann Owner|Bob <Backup>)$/);
  await expect(row.locator('td[data-label="Next"] strong').textContent()).resolves.toMatch(/^(Ann Owner|Bob <Backup>)$/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Primary' }).click();
  await page.waitForURL(new RegExp(`/oncall/${scheduleId}$`));
  await expect(page.locator('.oncall-timeline .oncall-day').count()).resolves.toBe(14);
  const shifts = await page.locator('[data-field="shifts"] th[scope="row"]').allTextContents();
  expect(shifts.length).toBeGreaterThanOrEqual(14);
  expect(new Set(shifts)).toEqual(new Set(['Ann Owner', 'Bob <Backup>']));

  // Bob takes tomorrow 08:00–20:00 Berlin time.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const overrides = page.getByRole('region', { name: 'Overrides' });
  await overrides.getByRole('combobox', { name: 'Who' }).selectOption({ label: 'Bob <Backup>' });
  await overrides.getByRole('textbox', { name: 'From' }).fill(`${tomorrow}T08:00`);
  await overrides.getByRole('textbox', { name: 'To', exact: true }).fill(`${tomorrow}T20:00`);
  await overrides.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Add override' }).click();
  await page.waitForURL(/done=override/);
  await expect(page.getByRole('status').textContent()).resolves.toContain('Override added.');
  const [override] = await prisma.oncallOverride.findMany({ where: { scheduleId } });
  expect(override!.endsAt.getTime() - override!.startsAt.getTime()).toBe(12 * 3_600_000);
  await expect(page.locator('[data-field="overrides"] th[scope="row"]').allTextContents()).resolves.toEqual(['Bob <Backup>']);

  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(await axeViolations(page)).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `oncall-schedule-${label}.png`), fullPage: true });
  expect(problems).toEqual([]);
  await context.close();
});
