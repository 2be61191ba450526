/**
 * The web app end to end in a real browser (Debian's Chromium through playwright-core): the api
 * runs in this process as it does in production (ping receiver in front of Express), the
 * notifier as a process of its own (`pnpm build` first), a local HTTP server stands in for a
 * webhook receiver.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrismaClient } from '@upmon/db';
import { launchChromium, makeCheck, makeProject, startService, type ServiceProcess } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn as signInAs } from '../support/browser-page.js';
import { makeUser, TEST_PASSWORD } from '../support/web-users.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

let h: BrowserApi;
let prisma: PrismaClient;
let notifier: ServiceProcess;
let browser: Browser;
let base: string;
let receiver: http.Server;
const received: { path: string; body: string }[] = [];
let projectId: string;
let email: string;

beforeAll(async () => {
  h = await startBrowserApi();
  ({ prisma, base } = h);
  const env = h.env;
  notifier = await startService('notifier', { ...env, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', NOTIFIER_RETRY_BASE_MS: '100' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  email = (await makeUser(prisma, project.accountId, 'owner', 'owner@e2e.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await notifier?.stop();
  await new Promise((r) => receiver?.close(r));
  await h?.close();
});

/** A browser tab that fails the test on any script error or CSP violation. */
async function newPage(ctx?: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const context = ctx ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await context.newPage();
  return { page, problems: recordProblems(page) };
}

const signIn = (page: Page) => signInAs(page, base, email);

test('an alert link opened signed out goes through sign-in and lands on the check', async () => {
  const check = await makeCheck(prisma, projectId, { name: 'nightly backup', status: 'down' });
  const { page, problems } = await newPage();
  await page.goto(`${base}/checks/${check.id}`);
  await page.waitForURL(/\/sign-in\?next=/);
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/checks/${check.id}`);
  expect(await page.locator('h1').textContent()).toBe('nightly backup');
  expect(await page.locator('.big-status .status-label').textContent()).toBe('down');
  expect(problems).toEqual([]);
  await page.context().close();
});

test('sign in, create a heartbeat check, copy its ping URL, ping it and see it turn up without a reload; pause and resume', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const { page, problems } = await newPage(context);
  await signIn(page);
  await page.goto(`${base}/projects/${projectId}`);
  await page.getByRole('link', { name: 'New check' }).click();
  await page.getByLabel('Name').fill('e2e heartbeat');
  await page.getByLabel('Period in seconds', { exact: true }).fill('600');
  // The preview follows what is typed.
  await page.locator('#schedule-preview', { hasText: 'Every 10 min' }).waitFor();
  expect(await page.locator('#schedule-preview li').count()).toBe(5);
  await page.getByRole('button', { name: 'Create check' }).click();
  await page.waitForURL(/\/checks\/[0-9a-f-]{36}\?done=created/);
  const checkId = /\/checks\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;

  await page.getByRole('button', { name: 'Copy ping URL' }).first().click();
  await page.getByText('Copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${base}/${checkId}`);

  await page.goto(`${base}/projects/${projectId}`);
  const row = page.locator(`tr[data-check-id="${checkId}"]`);
  expect(await row.locator('.status-label').textContent()).toBe('new');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const ping = await fetch(copied, { method: 'POST', body: 'hello from e2e' });
  expect(await ping.text()).toBe('OK');
  await row.locator('.status-label', { hasText: 'up' }).waitFor({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await row.locator('[data-field=last_ping_at] time').count()).toBe(1);

  await row.getByRole('link', { name: 'e2e heartbeat' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('Paused: no alerts until you resume it.').waitFor();
  expect(await page.locator('.big-status .status-label').textContent()).toBe('paused');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.waitForURL(/done=resumed/);
  expect(await page.locator('.big-status .status-label').textContent()).toBe('up');
  // The ping's body, in the history (the snooze menu is a details element too).
  expect(await page.locator('details summary', { hasText: '14 bytes' }).count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('create a read-write key, see it once, use it on /api/v1, revoke it, get 401', async () => {
  const { page, problems } = await newPage();
  await signIn(page);
  await page.goto(`${base}/projects/${projectId}/keys`);
  await page.getByLabel('Name').fill('e2e key');
  await page.getByLabel('Access').selectOption('rw');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.locator('#new-key').textContent()) as string;
  expect(key).toMatch(/^upm_rw_/);
  const call = () => fetch(`${base}/api/v1/checks`, { headers: { authorization: `Bearer ${key}` } });
  expect((await call()).status).toBe(200);
  await page.goto(`${base}/projects/${projectId}/keys`);
  expect(await page.content()).not.toContain(key);
  await page.locator('tr', { hasText: 'e2e key' }).getByRole('button', { name: 'Revoke now' }).click();
  await page.waitForURL(`${base}/projects/${projectId}/keys`);
  expect((await call()).status).toBe(401);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('create a webhook integration and send a test notification to a local receiver', async () => {
  const { page, problems } = await newPage();
  await signIn(page);
  await page.goto(`${base}/projects/${projectId}/integrations`);
  await page.getByRole('link', { name: 'Add integration' }).click();
  await page.getByRole('link', { name: 'Webhook' }).click();
  await page.getByLabel('Name').fill('e2e hook');
  await page.getByLabel('URL to POST to').fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
  await page.getByRole('button', { name: 'Add integration' }).click();
  await page.waitForURL(/\/integrations\/\d+\?done=created/);
  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await page.locator('[data-outcome]', { hasText: 'delivered' }).waitFor({ timeout: 30_000 });
  expect(await page.locator('[data-outcome]').textContent()).toBe('✓ delivered (HTTP 200)');
  const hit = received.find((r) => r.path === '/hook');
  expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({ event: 'test', check_name: 'upmon test' });
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a check named <script>alert(1)</script> renders as text', async () => {
  const check = await makeCheck(prisma, projectId, { name: '<script>alert(1)</script>', tags: ['<b>x</b>'] });
  const { page, problems } = await newPage();
  await signIn(page);
  await page.goto(`${base}/projects/${projectId}`);
  expect(await page.locator(`tr[data-check-id="${check.id}"] .check-name`).textContent()).toBe('<script>alert(1)</script>');
  await page.goto(`${base}/checks/${check.id}`);
  expect(await page.locator('h1').textContent()).toBe('<script>alert(1)</script>');
  expect(await page.title()).toBe('<script>alert(1)</script> · upmon');
  expect(problems).toEqual([]); // no dialog opened, no script error
  await page.context().close();
});

test('phone width (375 px): dashboard and check page fit without sideways scrolling', async () => {
  const check = await makeCheck(prisma, projectId, { name: 'a check with a rather long name that must wrap on a phone', tags: ['prod', 'database'] });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const { page, problems } = await newPage(context);
  await signIn(page);
  for (const path of [`/projects/${projectId}`, `/checks/${check.id}`]) {
    await page.goto(`${base}${path}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: 375 });
  }
  // Table rows become labelled cards: the header row moves out of sight (still read by screen readers).
  await page.goto(`${base}/projects/${projectId}`);
  expect((await page.locator('thead').first().boundingBox())?.x).toBeLessThan(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('keyboard: skip link first, visible focus, a check opened with Enter', async () => {
  const check = await makeCheck(prisma, projectId, { name: 'keyboard target' });
  const { page, problems } = await newPage();
  await signIn(page);
  await page.goto(`${base}/projects/${projectId}?status=new`);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Skip to content');
  const outline = async () => page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(await outline()).not.toBe('none');
  let found = false;
  for (let i = 0; i < 60 && !found; i++) {
    await page.keyboard.press('Tab');
    found = (await page.evaluate(() => document.activeElement?.textContent)) === 'keyboard target';
    if (found || i % 5 === 0) expect(await outline()).not.toBe('none');
  }
  expect(found).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${base}/checks/${check.id}`);
  expect(problems).toEqual([]);
  await page.context().close();
});
