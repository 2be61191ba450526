/**
 * The public status page in a real browser (Debian's Chromium through playwright-core), served by
 * the api as in production: the raw ping receiver in front of Express must hand /status/<key> on.
 */
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeMaintenanceWindow, makeProject } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems } from '../support/browser-page.js';

const DAY = 86_400_000;
const H = 3_600_000;

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let base: string;
let publicKey: string;

beforeAll(async () => {
  h = await startBrowserApi();
  ({ prisma, base } = h);
  const project = await makeProject(prisma, { plan: 'pro' });
  const today = Math.floor(Date.now() / DAY) * DAY;
  const long = await makeCheck(prisma, project.id, {
    name: `Nightly backup of the customer database ${'x'.repeat(60)}`,
    status: 'up',
    createdAt: new Date(today - 10 * DAY),
  });
  const script = await makeCheck(prisma, project.id, { name: '<script>alert("x")</script>', status: 'down', createdAt: new Date(today - 10 * DAY) });
  const flips = [
    { checkId: long.id, ts: today - 10 * DAY, oldStatus: 'new', newStatus: 'up' },
    { checkId: script.id, ts: today - 10 * DAY, oldStatus: 'new', newStatus: 'up' },
    { checkId: script.id, ts: today - 2 * DAY + 3 * H, oldStatus: 'up', newStatus: 'down' },
  ] as const;
  for (const f of flips) await prisma.flip.create({ data: { ...f, projectId: project.id, ts: new Date(f.ts), reason: 'ping', fannedOutAt: new Date() } });
  // Two hours of maintenance of the backup check, five days ago.
  await makeMaintenanceWindow(prisma, project.id, {
    scope: 'checks',
    checkIds: [long.id],
    startsAt: new Date(today - 5 * DAY + 9 * H),
    endsAt: new Date(today - 5 * DAY + 11 * H),
  });
  const page = await prisma.statusPage.create({
    data: {
      projectId: project.id,
      title: 'Acme <b>status</b>',
      enabled: true,
      groups: {
        create: [
          { name: 'Backups', position: 0, checks: { create: [{ checkId: long.id, position: 0 }] } },
          { name: 'Web & <i>jobs</i>', position: 1, checks: { create: [{ checkId: script.id, position: 0 }] } },
        ],
      },
    },
  });
  publicKey = page.publicKey;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

test.each([
  ['a phone', 375, 740],
  ['a desktop', 1280, 900],
])('on %s: title, groups, statuses as text, escaped names, 90 labelled bars, incidents, no script and no horizontal scroll', async (_label, width, height) => {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  const res = await page.goto(`${base}/status/${publicKey}`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['cache-control']).toBe('public, max-age=30');
  await expect(page.title()).resolves.toBe('Acme <b>status</b>');
  expect(await page.locator('h1').textContent()).toBe('Acme <b>status</b>');
  expect(await page.locator('main h2').allTextContents()).toEqual(['Backups', 'Web & <i>jobs</i>', 'Ongoing downtime', 'Past downtime', 'Get updates']);
  expect(await page.locator('b, i').count()).toBe(0);
  expect(await page.locator('script').count()).toBe(0);
  const rows = page.locator('li.check');
  expect(await rows.count()).toBe(2);
  expect(await rows.nth(0).locator('.status-label').textContent()).toBe('up');
  expect(await rows.nth(1).locator('.check-name').textContent()).toBe('<script>alert("x")</script>');
  expect(await rows.nth(1).locator('.status-label').textContent()).toBe('down');
  expect(await page.locator('.summary').textContent()).toBe('1 check is down');
  for (let i = 0; i < 2; i++) {
    const bars = rows.nth(i).locator('ol.bars > li');
    expect(await bars.count()).toBe(90);
    expect(await bars.last().getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d: (100%|0\.00%) up$/);
    // Every bar is drawn: visible, inside the row.
    const box = await bars.first().boundingBox();
    expect(box?.width).toBeGreaterThan(0);
  }
  expect(await rows.nth(1).locator('ol.bars').getAttribute('aria-label')).toBe('Uptime per day, last 90 days, oldest first');
  // The day with maintenance says so in words, and its bar has a cap that shows.
  const maintenance = rows.nth(0).locator('ol.bars > li.maint');
  expect(await maintenance.count()).toBe(1);
  expect(await maintenance.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d: 100% up; under maintenance 2 h \(not counted\)$/);
  expect(await maintenance.evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(/inset/);
  expect(await rows.nth(1).locator('ol.bars > li.maint').count()).toBe(0);
  expect(await page.locator('.incident.ongoing').textContent()).toMatch(
    /^<script>alert\("x"\)<\/script> was down from \d{4}-\d\d-\d\d 03:00 UTC and is still down \(\d+ d/,
  );
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(problems).toEqual([]);
  await context.close();
});

test('an unknown key is a 404 page', async () => {
  const page = await browser.newPage();
  const res = await page.goto(`${base}/status/${'0'.repeat(32)}`);
  expect(res?.status()).toBe(404);
  await page.close();
});
