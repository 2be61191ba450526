/**
 * The Reports page and the check page's error budget in a real browser (Debian's Chromium through
 * playwright-core), at phone and laptop width: reached by the project's Reports tab, the month's
 * summary, SLOs, checks and incidents; the CSV download; printing leaves out the app's chrome (a
 * PDF is made); no axe violations, no horizontal scroll, no script errors or CSP violations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');
const MIN = 60_000;

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let projectId: string;
let checkId: string;
let email: string;
let month: string;

beforeAll(async () => {
  h = await startBrowserApi();
  prisma = h.prisma;
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  const now = Date.now();
  // Down 30 minutes, ending an hour ago (in this UTC month unless the month began less than 90 minutes ago).
  const downAt = Math.max(now - 90 * MIN, Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1));
  month = new Date(downAt).toISOString().slice(0, 7);
  const check = await makeCheck(prisma, project.id, { name: 'Checkout <api>', status: 'up', tags: ['web'], createdAt: new Date(now - 40 * 86_400_000) });
  checkId = check.id;
  for (const [ts, from, to, reason] of [
    [check.createdAt, 'new', 'up', 'ping'],
    [new Date(downAt), 'up', 'down', 'timeout'],
    [new Date(downAt + 30 * MIN), 'down', 'up', 'ping'],
  ] as const)
    await prisma.flip.create({ data: { checkId, projectId, ts, oldStatus: from, newStatus: to, reason, fannedOutAt: new Date() } });
  await prisma.slo.create({ data: { projectId, name: 'Checkout available', checkId, targetPercent: 99.9, windowKind: 'calendar_month' } });
  email = (await makeUser(prisma, project.accountId, 'read_only', 'reader@reports.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test.each([
  ['phone', 390, 844],
  ['laptop', 1280, 900],
])('on a %s: the month’s report, its CSV, a clean print, and the check’s error budget', async (label, width, height) => {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);
  await page.goto(`${h.base}/projects/${projectId}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Reports' }).click();
  await page.waitForURL(/\/reports$/);
  await page.getByLabel('Month').fill(month);
  await page.getByRole('button', { name: 'Show report' }).click();
  await page.waitForURL(/month=/);

  const report = page.getByRole('article', { name: `Report for ${month}` });
  await expect(report.locator('[data-field="uptime"]').textContent()).resolves.toMatch(/^\d+\.\d\d %$/);
  const checks = report.locator('table[data-field="checks"] tbody tr');
  await expect(checks.locator('th').allTextContents()).resolves.toEqual(['Checkout <api>']);
  await expect(checks.locator('td[data-label="Down"]').textContent()).resolves.toBe('30 min');
  const incident = report.locator('table[data-field="incidents"] tbody tr');
  await expect(incident.locator('td[data-label="Why"]').textContent()).resolves.toBe(
    'a run was started but no completion ping arrived within the grace period',
  );
  const slo = report.locator('table[data-field="slos"] tbody tr');
  await expect(slo.locator('th').textContent()).resolves.toBe('Checkout available');
  await expect(slo.locator('meter').getAttribute('value')).resolves.toMatch(/^\d/);

  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV, one row per check' }).click()]);
  expect(download.suggestedFilename()).toBe(`report-project-${month}.csv`);
  const csv = await (await import('node:fs/promises')).readFile((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[1]).toMatch(new RegExp(`^${checkId},Checkout <api>,\\d+\\.\\d+,\\d+(\\.\\d+)?,30,0,1,,,$`));

  await page.screenshot({ path: path.join(SCREENSHOTS, `reports-${label}.png`), fullPage: label === 'laptop' });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.top').isVisible()).resolves.toBe(false);
  await expect(page.locator('form.report-query').isVisible()).resolves.toBe(false);
  await expect(report.isVisible()).resolves.toBe(true);
  expect((await page.pdf()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`${h.base}/checks/${checkId}`);
  const budget = page.getByRole('region', { name: 'Error budget' });
  await expect(budget.locator('tbody th').textContent()).resolves.toBe('Checkout available');
  await expect(budget.locator('td[data-label="Error budget left"]').textContent()).resolves.toMatch(
    /% left: .* of 44 min|% left: .* of 43 min|% left: .* of 40 min|% left: .* of 41 min/,
  );
  expect(await axeViolations(page)).toEqual([]);
  if (label === 'laptop') await budget.screenshot({ path: path.join(SCREENSHOTS, 'check-error-budget-laptop.png') });
  expect(problems).toEqual([]);
  await context.close();
});

test('a bad month is refused on the page by field, with status 422', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, h.base, email);
  const res = await page.goto(`${h.base}/projects/${projectId}/reports?month=2026-13&tz=Mars/Base`);
  expect(res?.status()).toBe(422);
  await expect(page.locator('#f-month-error').textContent()).resolves.toBe('must be a month such as 2026-03');
  await expect(page.locator('#f-tz-error').textContent()).resolves.toBe('is not a known IANA time zone name');
  await context.close();
});
