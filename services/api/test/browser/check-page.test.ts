/**
 * The check page in a real browser (Debian's Chromium through playwright-core): on a phone, the
 * first screen says what is wrong (status and since when, the failure in words, acknowledgement,
 * maintenance, what is probed); probed checks speak of probes.
 */
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeHttpCheck, makeIntegration, makeMaintenanceWindow, makeProject, sealPingBody } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn, type Page } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

let h: BrowserApi;
let prisma: PrismaClient;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let projectId: string;
let accountId: string;
let email: string;

beforeAll(async () => {
  h = await startBrowserApi();
  prisma = h.prisma;
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  accountId = project.accountId;
  email = (await makeUser(prisma, project.accountId, 'owner', 'owner@check-page.example.com')).email;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const PHONE = { width: 390, height: 844 };

/** The element is entirely within the first screen (no scrolling). */
async function expectAboveFold(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  expect({ selector, box: box !== null }).toEqual({ selector, box: true });
  expect({ selector, bottom: Math.ceil((box?.y ?? 0) + (box?.height ?? 0)) <= PHONE.height }).toEqual({ selector, bottom: true });
}

async function phonePage() {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);
  return { context, page, problems };
}

test('an http check that is down: status and since, the failure in words, ack and maintenance state, and the URL, on the first phone screen', async () => {
  const downAt = new Date(Date.now() - (3 * 3600 + 12 * 60) * 1000);
  const check = await makeHttpCheck(
    prisma,
    projectId,
    { url: 'https://shop.example.com/health?<b>x</b>', expected_codes: ['200'], keyword: 'healthy' },
    { name: 'Shop <b>health</b>', status: 'down', tags: ['shop'], createdAt: new Date(Date.now() - 2 * 86_400_000) },
  );
  await prisma.flip.create({
    data: { checkId: check.id, projectId, oldStatus: 'new', newStatus: 'up', reason: 'ping', ts: check.createdAt, fannedOutAt: new Date() },
  });
  await prisma.flip.create({ data: { checkId: check.id, projectId, oldStatus: 'up', newStatus: 'down', reason: 'fail', ts: downAt, fannedOutAt: new Date() } });
  for (let i = 0; i < 30; i++) {
    const explanation = i === 0 ? 'HTTP 503 (expected 200)' : 'HTTP 200';
    await prisma.ping.create({
      data: {
        checkId: check.id,
        type: i === 0 ? 'fail' : 'success',
        method: 'GET',
        ts: new Date(downAt.getTime() - i * 60_000),
        body: sealPingBody(check.id, explanation),
        bodySize: explanation.length,
        durationMs: 120,
      },
    });
  }
  await makeMaintenanceWindow(prisma, projectId, {
    name: 'deploy <i>2</i>',
    scope: 'checks',
    checkIds: [check.id],
    startsAt: new Date(Date.now() - 60_000),
    endsAt: new Date(Date.now() + 3_600_000),
  });

  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/checks/${check.id}`);
  expect(await page.locator('[data-field="since"]').textContent()).toMatch(/^Down since .+ \(3 h 1[12] min\)$/);
  expect(await page.locator('[data-field="failure-words"]').textContent()).toBe('HTTP 503 (expected 200)');
  expect(await page.locator('[data-field="not-acknowledged"]').textContent()).toBe('Nobody has acknowledged this outage yet.');
  expect(await page.locator('[data-field="maintenance"]').textContent()).toContain('(deploy <i>2</i>)');
  const target = await page.locator('[data-field="target"]').textContent();
  expect(target).toContain('https://shop.example.com/health?…'); // the query (credentials may hide there) only in the edit form
  expect(target).toContain('healthy');
  expect(await page.locator('main b, main i').count()).toBe(0);
  for (const selector of [
    'h1',
    '.big-status',
    '[data-field="since"]',
    '[data-field="failure"]',
    '[data-field="not-acknowledged"]',
    '[data-field="maintenance"]',
    '[data-field="target"]',
  ])
    await expectAboveFold(page, selector);
  // Uptime: 3 h 12 min down of the last 24 h, the last minute of it under maintenance (not counted); this month one downtime.
  // The window began a minute before it was made: "1 min" and the seconds since, none when the page came within a second.
  expect(await page.locator('[data-period="24h"]').textContent()).toMatch(/^24 hours86\.[67]\d %3 h 1[01] min1 min( \d+ s)?$/);
  expect(await page.locator('[data-field="months"] li').first().textContent()).toMatch(
    /: 1 downtime, 3 h 1[01] min in total \(1 min( \d+ s)? under maintenance, not counted\)$/,
  );
  // Probes, not pings.
  const main = (await page.locator('main').textContent()) ?? '';
  expect(main).toContain('Last probe');
  expect(main).not.toMatch(/last ping|ping its URL/i);
  const scroll = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll.doc).toBeLessThanOrEqual(scroll.view);
  expect(problems).toEqual([]);
  await context.close();
});

test('a heartbeat down for lack of pings says since when nothing came; a failed run shows its exit status and output', async () => {
  const lastPing = new Date(Date.now() - 2 * 3600_000);
  const quiet = await makeCheck(prisma, projectId, { name: 'Quiet job', status: 'down', lastPingAt: lastPing });
  await prisma.flip.create({
    data: { checkId: quiet.id, projectId, oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts: new Date(Date.now() - 3600_000), fannedOutAt: new Date() },
  });
  const failed = await makeCheck(prisma, projectId, { name: 'Failing job', status: 'down', lastPingAt: new Date() });
  await prisma.flip.create({
    data: { checkId: failed.id, projectId, oldStatus: 'up', newStatus: 'down', reason: 'exit', ts: new Date(), fannedOutAt: new Date() },
  });
  const output = 'pg_dump: error: connection refused\n<script>alert(1)</script>\nline 3\nline 4\nline 5\nline 6';
  await prisma.ping.create({
    data: { checkId: failed.id, type: 'exit', exitStatus: 2, method: 'POST', body: sealPingBody(failed.id, output), bodySize: output.length },
  });

  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/checks/${quiet.id}`);
  expect(await page.locator('[data-field="failure"]').textContent()).toMatch(/^Why: No ping since \d{4}-\d\d-\d\d/);
  await expectAboveFold(page, '[data-field="failure"]');

  await page.goto(`${h.base}/checks/${failed.id}`);
  expect(await page.locator('[data-field="failure-words"]').textContent()).toBe('The job exited with status 2');
  const excerpt = await page.locator('[data-field="failure"] pre').textContent();
  expect(excerpt).toBe('pg_dump: error: connection refused\n<script>alert(1)</script>\nline 3\nline 4\nline 5\n…');
  await expectAboveFold(page, '[data-field="failure"]');
  expect(problems).toEqual([]);
  await context.close();
});

test('creating an http check in the form: the URL comes first, the interval is 60 s, and the new page speaks of probes', async () => {
  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/projects/${projectId}/checks/new?kind=http`);
  const firstInput = await page
    .locator('form.check-form input:not([type=hidden]), form.check-form select, form.check-form textarea')
    .first()
    .getAttribute('name');
  expect(firstInput).toBe('http_config.url');
  expect(await page.getByLabel('Period in seconds', { exact: true }).inputValue()).toBe('60');
  await page.getByLabel('URL').fill('https://example.com/');
  await page.getByLabel('Name').fill('Example site');
  await page.getByRole('button', { name: 'Create check' }).click();
  await page.waitForURL(/done=created/);
  const notice = (await page.getByRole('status').first().textContent()) ?? '';
  expect(notice).not.toMatch(/ping/i);
  expect(notice).toContain('probe');
  expect(problems).toEqual([]);
  await context.close();
});

test('live: a ping and a flip sent over HTTP show on the open check page and dashboard without a reload', async () => {
  const project = await makeProject(prisma, { accountId });
  const check = await makeCheck(prisma, project.id, { name: 'Live job', status: 'up', lastPingAt: new Date(Date.now() - 30_000) });
  await makeCheck(prisma, project.id, { name: 'Other job', status: 'up', lastPingAt: new Date() });

  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/checks/${check.id}`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  expect(await page.locator('[data-live="pings"]').textContent()).toContain('No pings yet.');

  const ping = await fetch(`${h.base}/${check.id}`, { method: 'POST', body: 'backup done: 42 files' });
  expect(ping.status).toBe(200);
  await page.waitForFunction(() => document.querySelector('[data-live="pings"] table') !== null, undefined, { timeout: 20_000 });
  expect(await page.locator('[data-live="pings"] tbody tr').count()).toBe(1);

  const fail = await fetch(`${h.base}/${check.id}/fail`, { method: 'POST', body: 'disk full' });
  expect(fail.status).toBe(200);
  await page.waitForFunction(() => document.querySelector('[data-field="since"]')?.textContent?.startsWith('Down since'), undefined, { timeout: 20_000 });
  await page.waitForFunction(() => document.title.startsWith('(down) Live job'), undefined, { timeout: 20_000 });
  expect(await page.locator('[data-field="failure-words"]').textContent()).toBe('The job reported a failure (/fail)');
  expect(await page.locator('[data-live="pings"] tbody tr').count()).toBe(2);
  expect(await page.locator('[data-live="flips"] li').first().textContent()).toContain('down');
  expect(await page.locator('.big-status .status-label').textContent()).toBe('down');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The dashboard's counts follow too.
  await page.goto(`${h.base}/projects/${project.id}`);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const downCount = () => page.locator('.summary-item:has([data-status="down"])').textContent();
  expect((await downCount())?.trim()).toBe('■ down 1');
  await fetch(`${h.base}/${check.id}`);
  await page.waitForFunction(() => document.querySelector('.summary-item:not([hidden]) [data-status="down"]') === null, undefined, { timeout: 20_000 });
  await page.waitForFunction(() => !document.title.includes('down'), undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test("event times in UTC, the check's zone or the browser's: a remembered switch", async () => {
  const check = await makeCheck(prisma, projectId, { name: 'Zoned job', status: 'up', tz: 'Asia/Kolkata', lastPingAt: new Date('2026-11-20T10:00:00Z') });
  await prisma.ping.create({ data: { checkId: check.id, type: 'success', method: 'GET', ts: new Date('2026-11-20T10:00:00Z') } });
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);
  await page.goto(`${h.base}/checks/${check.id}`);
  const pingTime = () => page.locator('[data-live="pings"] tbody time').first().textContent();
  expect(await pingTime()).toBe('2026-11-20 05:00:00 GMT-5');
  await page.getByLabel('Show times in').selectOption('check');
  expect(await pingTime()).toBe('2026-11-20 15:30:00 GMT+5:30');
  await page.reload();
  expect(await page.getByLabel('Show times in').inputValue()).toBe('check');
  await page.getByLabel('Show times in').selectOption('utc');
  expect(await pingTime()).toBe('2026-11-20 10:00:00 UTC');
  expect(problems).toEqual([]);
  await context.close();
});

test('ping now records a success ping from the web app; clone opens a copy with a new ping URL', async () => {
  const check = await makeCheck(prisma, projectId, {
    name: 'Cron <job>',
    status: 'down',
    tags: ['nightly'],
    graceSec: 120,
    lastPingAt: new Date(Date.now() - 86_400_000),
  });
  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/checks/${check.id}`);
  await page.getByRole('button', { name: 'Ping now' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/done=pinged/);
  expect(await page.locator('.big-status .status-label').textContent()).toBe('up');
  expect(await page.locator('[data-live="pings"] tbody tr').first().textContent()).toContain(`upmon web app (ping now by ${email})`);
  expect(await prisma.ping.count({ where: { checkId: check.id, type: 'success' } })).toBe(1);

  await page.getByRole('button', { name: 'Clone' }).click();
  await page.waitForURL(/done=cloned/);
  const copyId = /\/checks\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(copyId).toBeDefined();
  expect(copyId).not.toBe(check.id);
  expect(await page.locator('h1').textContent()).toBe('Copy of Cron <job>');
  expect(await page.locator('#ping-url-0').textContent()).toContain(copyId);
  expect(await prisma.check.findUniqueOrThrow({ where: { id: copyId as string } })).toMatchObject({
    status: 'new',
    graceSec: 120,
    tags: ['nightly'],
    slug: null,
  });
  expect(problems).toEqual([]);
  await context.close();
});

test("integrations switched on and off for one check from its page, with the keyboard; the others' choice is kept", async () => {
  const project = await makeProject(prisma, { accountId });
  const everyCheck = await makeIntegration(prisma, project.id, 'webhook', { url: 'https://hooks.example.com/a' }, { name: 'All <checks>' });
  const dbOnly = await makeIntegration(prisma, project.id, 'webhook', { url: 'https://hooks.example.com/b' }, { name: 'DB team', tags: ['db'] });
  const check = await makeCheck(prisma, project.id, { name: 'Web job', tags: ['web'] });
  const { context, page, problems } = await phonePage();
  await page.goto(`${h.base}/checks/${check.id}`);
  const state = (id: number) => page.locator(`[data-integration="${id}"] [data-field="on"]`).textContent();
  expect([await state(everyCheck.id), await state(dbOnly.id)]).toEqual(['on', 'off']);

  await page.getByRole('button', { name: 'Turn on DB team' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/done=integration_on/);
  expect([await state(everyCheck.id), await state(dbOnly.id)]).toEqual(['on', 'on']);
  await page.getByRole('button', { name: 'Turn off All <checks>' }).click();
  await page.waitForURL(/done=integration_off/);
  expect([await state(everyCheck.id), await state(dbOnly.id)]).toEqual(['off', 'on']);
  expect(await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({ integrationsExplicit: true, integrationIds: [dbOnly.id] });

  // The integrations list shows each one's last delivery and its outcome, its time formatted.
  await prisma.notificationDelivery.create({
    data: { integrationId: dbOnly.id, event: 'down', attempt: 1, status: 'succeeded', statusCode: 200, createdAt: new Date(Date.UTC(2026, 10, 20, 9, 5)) },
  });
  await prisma.notificationDelivery.create({
    data: { integrationId: dbOnly.id, event: 'test', attempt: 2, status: 'failed', statusCode: 500, createdAt: new Date(Date.UTC(2026, 10, 21, 9, 5)) },
  });
  await page.goto(`${h.base}/projects/${project.id}/integrations`);
  const cells = await page.locator('[data-field="last-delivery"]').allTextContents();
  expect(cells).toContain('2026-11-21 09:05 UTC (test): ✗ failed (attempt 2) · HTTP 500');
  expect(cells).toContain('nothing sent yet');
  expect(problems).toEqual([]);
  await context.close();
});
