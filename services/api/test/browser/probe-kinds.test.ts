/**
 * tcp, dns and tls checks in a real browser (Debian's Chromium): the forms drawn from the kinds'
 * form fields, "Test now" (a probe from a prober process with the form's settings, nothing
 * saved), the check page's response-time chart and certificate, at laptop and phone width.
 */
import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { writeCertificates, writeProbeRollups } from '@upmon/check-store';
import { createPgPool, withPgTransaction, type PrismaClient } from '@upmon/db';
import { createTestCertificates, launchChromium, makeProject, startService, type ServiceProcess, type TestCertificates } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { makeUser, TEST_PASSWORD } from '../support/web-users.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['newPage']>>;

let h: BrowserApi;
let prisma: PrismaClient;
let prober: ServiceProcess;
let browser: Browser;
let certs: TestCertificates;
let base: string;
let projectId: string;
let email: string;
let echoPort: number;
let tlsPort: number;
const servers: net.Server[] = [];

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  h = await startBrowserApi();
  ({ prisma, base } = h);
  certs = createTestCertificates();
  echoPort = await listen(net.createServer((s) => s.pipe(s)));
  const leaf = certs.leaf({ days: 60 });
  tlsPort = await listen(tls.createServer({ cert: leaf.cert, key: leaf.key }, (s) => s.end()));
  prober = await startService('prober', { ...h.env, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', NODE_EXTRA_CA_CERTS: certs.caPath });
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  email = (await makeUser(prisma, project.accountId, 'owner', 'owner@probes.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await prober?.stop();
  for (const s of servers) s.close();
  await h?.close();
  certs?.cleanup();
});

async function signedIn(width = 1280): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/projects/);
  return { page, problems };
}

test('a tcp check: its form, "Test now" before saving (keyboard), then create it', async () => {
  const { page, problems } = await signedIn();
  await page.goto(`${base}/projects/${projectId}/checks/new`);
  await page.getByRole('link', { name: 'TCP port' }).click();
  expect(await page.locator('h1').textContent()).toBe('New TCP check');
  await page.locator('[name="name"]').fill('echo port');
  await page.getByLabel('Host (required)').fill('127.0.0.1');
  await page.getByLabel('Port (required)').fill(String(echoPort));
  await page.getByLabel('Send', { exact: true }).fill('hello\n');
  await page.getByLabel('Expect', { exact: true }).fill('hello');
  // TLS options only show once TLS is ticked.
  expect(await page.getByLabel('TLS server name (SNI)').isVisible()).toBe(false);
  await page.locator('[name="tcp_config.conditions.0.type"]').selectOption('response_time');
  await page.locator('[name="tcp_config.conditions.0.operator"]').selectOption('greater_than');
  await page.locator('[name="tcp_config.conditions.0.value"]').fill('60000');
  await page.getByRole('button', { name: 'Test now' }).focus();
  await page.keyboard.press('Enter');
  const result = page.locator('[data-field=probe-result]');
  await result.waitFor({ timeout: 30_000 });
  expect(await result.locator('h2').textContent()).toBe('Test probe: Failed');
  expect(await result.textContent()).toContain(`port ${echoPort} open, "hello" received`);
  expect(await result.locator('[data-field=failed-conditions] li').first().textContent()).toMatch(/^response time greater than 60000 ms \(was \d+\)$/);
  expect(await result.locator('[data-field=phases]').textContent()).toMatch(/connect/);
  expect(await prisma.check.count({ where: { projectId, name: 'echo port' } })).toBe(0);
  // The form kept what was typed: clear the condition and create the check.
  expect(await page.getByLabel('Host (required)').inputValue()).toBe('127.0.0.1');
  await page.locator('[name="tcp_config.conditions.0.type"]').selectOption('');
  await page.getByRole('button', { name: 'Test now' }).click();
  await page.locator('[data-field=probe-result] h2', { hasText: 'Test probe: Passed' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create check' }).click();
  await page.waitForURL(/\/checks\/[0-9a-f-]{36}\?done=created/);
  expect(await page.locator('main').textContent()).toContain('TCP port (probed by upmon)');
  const row = await prisma.check.findFirstOrThrow({ where: { projectId, name: 'echo port' } });
  expect(row.kind).toBe('tcp');
  expect(row.tcpConfig).toMatchObject({ host: '127.0.0.1', port: echoPort, expect: 'hello', conditions: [] });
  expect(row.tcpSecrets).not.toBeNull();
  // The edit form shows the stored settings, the decrypted bytes to send included.
  await page.goto(`${base}/checks/${row.id}/edit`);
  expect(await page.getByLabel('Send', { exact: true }).inputValue()).toBe('hello\n');
  expect(problems).toEqual([]);
  await page.context().close();
});

test('a dns form names its mistakes next to the fields', async () => {
  const { page, problems } = await signedIn();
  await page.goto(`${base}/projects/${projectId}/checks/new?kind=dns`);
  await page.locator('[name="name"]').fill('zone');
  await page.locator('[name="dns_config.name"]').fill('example.com');
  await page.getByLabel('Resolver').fill('dns.example');
  await page.getByRole('button', { name: 'Create check' }).click();
  await page.locator('.has-error', { hasText: 'must be an IP address' }).waitFor();
  expect(await page.getByLabel('Resolver').getAttribute('aria-invalid')).toBe('true');
  // The page itself is the 422 answer, which the browser logs as a failed load.
  expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
  await page.context().close();
});

test('a tls check page: response-time chart (24 h, 7 d, 30 d), phases and certificate, at phone width too', async () => {
  const { page, problems } = await signedIn();
  await page.goto(`${base}/projects/${projectId}/checks/new?kind=tls`);
  await page.locator('[name="name"]').fill('site certificate');
  await page.getByLabel('Host (required)').fill('localhost');
  await page.getByLabel('Port', { exact: true }).fill(String(tlsPort));
  await page.getByRole('button', { name: 'Test now' }).click();
  const result = page.locator('[data-field=probe-result]');
  await result.waitFor({ timeout: 30_000 });
  expect(await result.textContent()).toMatch(/certificate valid, expires .* CN=localhost, issued by CN=upmon test CA/);
  expect(await result.locator('[data-field=certificate]').textContent()).toContain('CN=localhost');
  await page.getByRole('button', { name: 'Create check' }).click();
  await page.waitForURL(/\/checks\/[0-9a-f-]{36}\?done=created/);
  const id = /\/checks\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;

  // Results as the prober records them (the scheduler is not running here).
  const pool = createPgPool(h.env.DATABASE_URL as string, 1);
  const now = Date.now();
  await withPgTransaction(pool, async (c) => {
    await writeProbeRollups(
      c,
      Array.from({ length: 60 }, (_, i) => ({
        checkId: id,
        at: new Date(now - i * 20 * 60_000),
        ok: true,
        answered: true,
        totalMs: 40 + (i % 10) * 10,
        dnsMs: 2,
        connectMs: 5,
        tlsMs: 20,
        firstByteMs: null,
      })),
    );
    await writeCertificates(c, [
      {
        checkId: id,
        subject: 'CN=<localhost>',
        issuer: 'CN=upmon test CA',
        sans: ['DNS:localhost', 'IP Address:127.0.0.1'],
        validFrom: new Date(now - 86_400_000).toISOString(),
        validTo: new Date(now + 59.5 * 86_400_000).toISOString(),
        fingerprint256: 'AA:BB',
        observedAt: new Date(now),
      },
    ]);
  });
  await pool.end();
  await page.goto(`${base}/checks/${id}`);
  const chart = page.locator('svg.response-times');
  expect(await chart.getAttribute('aria-label')).toMatch(/^Response times over 24h: median \d+ ms, 95th percentile \d+ ms, \d+ probes, 0 failed\.$/);
  expect(await chart.locator('path[data-series=p50]').getAttribute('d')).toMatch(/^M/);
  expect(await chart.locator('path[data-series=p95]').getAttribute('d')).toMatch(/^M/);
  expect(await page.locator('[data-field=phases]').textContent()).toContain('TLS 20 ms');
  const cert = page.locator('[data-field=certificate]');
  expect(await cert.textContent()).toContain('CN=<localhost>');
  expect(await cert.locator('[data-field=days_left]').textContent()).toContain('in 59 days');
  await page.getByRole('link', { name: '30 days' }).click();
  await page.waitForURL(/range=30d/);
  expect(await page.locator('svg.response-times').getAttribute('aria-label')).toMatch(/^Response times over 30d: .* 60 probes, 0 failed\.$/);
  expect(await page.getByRole('link', { name: '30 days' }).getAttribute('aria-current')).toBe('page');

  // Phone width: nothing wider than the screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await small.context().addCookies(await page.context().cookies());
  await small.goto(`${base}/checks/${id}?range=7d`);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await small.goto(`${base}/projects/${projectId}/checks/new?kind=tcp`);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
  expect(problems).toEqual([]);
  await page.context().close();
});
