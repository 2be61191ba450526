/**
 * The dashboard of 51 checks in a real browser (Debian's Chromium through playwright-core), at
 * phone and laptop width: each row's last 24 hours (uptime figure, hourly strip, a sparkline for
 * the probed check), the first row near the top and the 51 rows in a few phone screens, the
 * status filter applying at once (and with its button when script is off); axe finds nothing.
 */
import { makeCheck, makeHttpCheck } from '@upmon/testing';
import { axeViolations } from '../support/axe.js';
import { browserOwnerWorld } from '../support/browser-owner-world.js';
import { recordProblems, signIn } from '../support/browser-page.js';

const w = browserOwnerWorld('owner@dashboard.example.com');
const H = 3_600_000;
let httpId = '';

beforeAll(async () => {
  const created = new Date(Date.now() - 48 * H);
  for (let i = 0; i < 50; i++) {
    const c = await makeCheck(w.prisma, w.projectId, { name: `job ${String(i).padStart(2, '0')}`, status: 'up', createdAt: created, lastPingAt: new Date() });
    await w.prisma.flip.create({ data: { checkId: c.id, projectId: w.projectId, ts: created, oldStatus: 'new', newStatus: 'up', reason: 'ping' } });
  }
  const http = await makeHttpCheck(
    w.prisma,
    w.projectId,
    { url: 'https://shop.example.com/health' },
    { name: 'shop health', status: 'down', createdAt: created },
  );
  httpId = http.id;
  await w.prisma.flip.createMany({
    data: [
      { checkId: http.id, projectId: w.projectId, ts: created, oldStatus: 'new', newStatus: 'up', reason: 'ping' },
      { checkId: http.id, projectId: w.projectId, ts: new Date(Date.now() - 2.5 * H), oldStatus: 'up', newStatus: 'down', reason: 'fail' },
    ],
  });
  // Response times every 5 minutes of the last day: 100 ms, then 400 ms in the last hours.
  await w.prisma.$executeRaw`
    INSERT INTO probe_rollups (check_id, resolution, bucket, probes, failures, answered, total_ms_sum, max_ms, dns_ms_sum, connect_ms_sum, tls_ms_sum, first_byte_ms_sum, hist)
    SELECT ${http.id}::uuid, 5, b, 2, 0, 2, CASE WHEN b > now() - interval '2 hours' THEN 800 ELSE 200 END, 400, 0, 0, 0, 0, '{}'
      FROM generate_series(date_bin('5 minutes', now() - interval '23 hours', '2000-01-01 00:00:00+00'), now() - interval '5 minutes', interval '5 minutes') AS b`;
});

test.each([
  ['a phone', 390, 844],
  ['a laptop', 1280, 800],
])('on %s: uptime, strips and a sparkline per row, the first row near the top, the status filter at once', async (_label, width, height) => {
  const context = await w.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}`);

  const http = page.locator(`tr[data-check-id="${httpId}"]`);
  expect(await http.locator('.uptime-figure').textContent()).toMatch(/^89\.5[78] %$/); // down 2.5 of 24 hours
  expect(await http.locator('.strip').getAttribute('aria-label')).toBe('Last 24 hours: down in 3 hours');
  expect(await http.locator('.strip i.slot-down').count()).toBe(3);
  expect(await http.locator('svg.spark').getAttribute('aria-label')).toBe('Response time, last 24 hours: 100 to 400 ms, latest 400 ms');
  const job = page.locator('tr[data-check-id]').filter({ hasText: 'job 00' });
  expect(await job.locator('.uptime-figure').textContent()).toBe('100.00 %');
  expect(await job.locator('.strip').getAttribute('aria-label')).toBe('Last 24 hours: up throughout');
  expect(await job.locator('svg.spark').count()).toBe(0);

  // Density: the worst check first, near the top; 51 rows in a few screens on a phone (14 before).
  const first = await page.locator('tr[data-check-id]').first().boundingBox();
  expect(first?.y).toBeLessThan(480);
  const screens = await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
  if (width < 500) expect(screens).toBeLessThan(7);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(await axeViolations(page)).toEqual([]);

  // The status applies as soon as it is chosen, like the status and tag links: no "Show" to press.
  expect(await page.getByRole('button', { name: 'Show' }).count()).toBe(0);
  await Promise.all([page.waitForURL(/status=down/), page.getByLabel('Status', { exact: true }).selectOption('down')]);
  expect(await page.locator('tr[data-check-id]').count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('without script, the status filter applies with its button', async () => {
  const context = await w.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, w.h.base, w.email);
  await page.goto(`${w.h.base}/projects/${w.projectId}`);
  await page.getByLabel('Status', { exact: true }).selectOption('down');
  await Promise.all([page.waitForURL(/status=down/), page.getByRole('button', { name: 'Show' }).click()]);
  expect(await page.locator('tr[data-check-id]').count()).toBe(1);
  await context.close();
});
