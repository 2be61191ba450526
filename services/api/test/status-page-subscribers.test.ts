import { randomBytes } from 'node:crypto';
import {
  eventually,
  makeCheck,
  makeProjectWithKeys,
  startRecordingServer,
  startService,
  startSmtpCapture,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type ServiceProcess,
} from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

// Spawns the built notifier (`pnpm build` first, as scripts/test.sh does).
const APP = 'https://upmon.test';
const CONFIRM = /https:\/\/upmon\.test(\/status\/[0-9a-f]{32}\/confirm\/[A-Za-z0-9_-]{32})/;

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let notifierEnv: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const mail = { SMTP_URL: smtp.url, EMAIL_FROM: 'Acme status <status@upmon.test>', APP_BASE_URL: APP };
  h = await startHarness({ ...mail, STATUS_PAGE_CACHE_SEC: '0' });
  notifierEnv = {
    ...mail,
    DATABASE_URL: h.db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: h.prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NOTIFIER_RETRY_BASE_MS: '100',
    // A killed notifier's jobs are taken over once their locks lapse.
    NOTIFIER_STALL_TIMEOUT_MS: '4000',
    NOTIFIER_FAN_OUT_POLL_MS: '200',
    DATABASE_POOL_SIZE: '5',
    // The webhook receiver of these tests listens on loopback.
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
  };
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(() => h.resetRateLimits());

async function publishedPage() {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const api = await makeCheck(h.prisma, p.project.id, { name: 'API' });
  const put = await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'Acme', enabled: true, groups: [{ name: 'Core', checks: [api.id] }] } });
  expect(put.status).toBe(200);
  const path = new URL(put.body.data.public_url).pathname;
  return { ...p, path, key: path.split('/')[2] as string };
}

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${h.api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
/** A header's value, unfolded (nodemailer folds long ones onto a continuation line). */
const header = (raw: string, name: string) => new RegExp(`^${name}:(.*)$`, 'mi').exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();

describe('status page subscribers', () => {
  let notifier: ServiceProcess;
  beforeAll(async () => {
    notifier = await startService('notifier', notifierEnv);
  });
  afterAll(async () => {
    expect(await notifier?.stop('SIGTERM')).toBe(0);
  });

  it('double opt-in from the public page; incidents, updates and resolutions mailed with one-click unsubscribe', async () => {
    const p = await publishedPage();
    const page = await (await fetch(`${h.api.url}${p.path}`)).text();
    expect(page).toContain(`action="${p.path}/subscribe"`);
    expect(page).toContain('<label for="subscribe-email">E-mail address</label>');

    const asked = await form(`${p.path}/subscribe`, { email: '  Reader@Example.com ' });
    expect(asked.status).toBe(200);
    const answer = await asked.text();
    expect(answer).toContain('Check your inbox');
    expect(asked.headers.get('set-cookie')).toBeNull();
    const confirmation = (await eventually(() => mailsTo('reader@example.com')[0]))!;
    expect(confirmation.subject).toBe('Confirm your subscription to Acme');
    const link = CONFIRM.exec(confirmation.text)?.[1] as string;
    expect(link).toBeDefined();

    // An address that never confirms is never mailed news.
    expect((await form(`${p.path}/subscribe`, { email: 'pending@example.com' })).status).toBe(200);
    await eventually(() => mailsTo('pending@example.com').length === 1);

    // Opening the link (a mail scanner) confirms nothing; the button does.
    const shown = await fetch(`${h.api.url}${link}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<button type="submit">Confirm</button>');
    expect((await h.prisma.statusPageSubscriber.findFirstOrThrow({ where: { email: 'reader@example.com' } })).confirmedAt).toBeNull();
    const confirmed = await form(link, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Subscribed');
    expect((await form(link, {})).status).toBe(404); // the link works once

    // A confirmed address asking again gets the same answer and no mail (nothing tells addresses apart).
    const again = await form(`${p.path}/subscribe`, { email: 'reader@example.com' });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(answer);

    const opened = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'Slow <API>', message: 'We are *looking* into it.' } });
    expect(opened.status).toBe(201);
    const news = (await eventually(() => mailsTo('reader@example.com')[1]))!;
    expect(news.subject).toBe('[Acme] New incident: Slow <API>');
    expect(news.text).toContain('We are *looking* into it.');
    expect(news.text).toContain(`Status page: ${APP}${p.path}`);
    const unsubscribe = header(news.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(new RegExp(`^<${APP}${p.path}/unsubscribe/[A-Za-z0-9_-]{32}>$`));
    expect(header(news.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(news.text).toContain(`Unsubscribe: ${unsubscribe?.slice(1, -1)}`);

    const resolved = await h.call('POST', `/status-page/incidents/${opened.body.data.id}/updates`, {
      key: p.rwKey,
      body: { state: 'resolved', message: 'Fixed.' },
    });
    expect(resolved.status).toBe(201);
    const fixed = (await eventually(() => mailsTo('reader@example.com')[2]))!;
    expect(fixed.subject).toBe('[Acme] Resolved: Slow <API>');
    expect(mailsTo('pending@example.com')).toHaveLength(1);
    expect(await h.prisma.statusPageSubscriberDelivery.count({ where: { status: 'sent' } })).toBeGreaterThanOrEqual(2);

    // RFC 8058 one-click: the mail client POSTs the header's URL; no page, no session.
    const path = new URL(unsubscribe!.slice(1, -1)).pathname;
    const oneClick = await form(path, { 'List-Unsubscribe': 'One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await h.prisma.statusPageSubscriber.count({ where: { email: 'reader@example.com' } })).toBe(0);
    expect((await form(path, { 'List-Unsubscribe': 'One-Click' })).status).toBe(200); // twice is fine

    await h.call('POST', `/status-page/incidents/${opened.body.data.id}/updates`, { key: p.rwKey, body: { state: 'investigating', message: 'Back.' } });
    await eventually(async () => (await h.prisma.statusPageNotice.count({ where: { fannedOutAt: null } })) === 0);
    await eventually(async () => (await h.prisma.statusPageSubscriberDelivery.count({ where: { status: 'pending' } })) === 0);
    expect(mailsTo('reader@example.com')).toHaveLength(3);
  });

  it('refuses bad addresses naming the field, throttles per address and per client, 404s unknown pages', async () => {
    const p = await publishedPage();
    const bad = await form(`${p.path}/subscribe`, { email: 'not an address' });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain('The e-mail address must be an e-mail address');
    expect(text).toContain('aria-invalid="true"');
    expect((await form(`${p.path}/subscribe`, { email: `${'a'.repeat(5000)}@example.com` })).status).toBe(400);
    expect((await form(`${p.path}/subscribe`, { email: '' })).status).toBe(400);

    expect((await form(`/status/${'0'.repeat(32)}/subscribe`, { email: 'x@example.com' })).status).toBe(404);
    expect((await fetch(`${h.api.url}${p.path}/confirm/${'A'.repeat(32)}`)).status).toBe(404);
    // Two requests for a new address at once: both answered alike, one subscriber.
    const both = await Promise.all([form(`${p.path}/subscribe`, { email: 'race@example.com' }), form(`${p.path}/subscribe`, { email: 'race@example.com' })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await h.prisma.statusPageSubscriber.count({ where: { email: 'race@example.com' } })).toBe(1);
    await h.resetRateLimits();

    for (let i = 0; i < 3; i++) expect((await form(`${p.path}/subscribe`, { email: 'same@example.com' })).status).toBe(200);
    const throttled = await form(`${p.path}/subscribe`, { email: 'same@example.com' });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    await h.resetRateLimits();
    for (let i = 0; i < 20; i++) expect((await form(`${p.path}/subscribe`, { email: `n${i}@example.com` })).status).toBe(200);
    expect((await form(`${p.path}/subscribe`, { email: 'n20@example.com' })).status).toBe(429);
  });

  it('owners list, count, add webhooks, remove, export and import through the REST API; webhooks get JSON; every change audited', async () => {
    const p = await publishedPage();
    // h.call checks every response against the OpenAPI document.
    const call = (method: string, path: string, opts: { key?: string; body?: unknown } = {}) => h.call(method, path, { key: p.rwKey, ...opts });
    const receiver = await startRecordingServer();
    try {
      expect((await call('GET', '/status-page/subscribers', { key: p.roKey })).status).toBe(403); // addresses: read-write keys only
      const hook = await call('POST', '/status-page/subscribers', { body: { kind: 'webhook', url: `${receiver.url}/hook` } });
      expect(hook.status).toBe(201);
      expect(hook.body.data).toMatchObject({ kind: 'webhook', url: `${receiver.url}/hook`, email: null, confirmed: true });
      expect((await call('POST', '/status-page/subscribers', { body: { kind: 'webhook', url: `${receiver.url}/hook` } })).status).toBe(409);
      const badUrl = await call('POST', '/status-page/subscribers', { body: { kind: 'webhook', url: 'ftp://example.com/x' } });
      expect(badUrl.status).toBe(422);
      expect(Object.keys(badUrl.body.errors)).toEqual(['url']);

      const imported = await call('POST', '/status-page/subscribers/import', {
        body: { csv: 'email,name\r\nOne@Example.com,One\r\n"two@example.com",Two\r\nnot-an-address\r\n\r\none@example.com\r\n' },
      });
      expect(imported.status).toBe(200);
      expect(imported.body.data).toEqual({ added: 2, existing: 0, invalid: [4] });
      expect((await form(`${p.path}/subscribe`, { email: 'waiting@example.com' })).status).toBe(200);
      const again = await call('POST', '/status-page/subscribers/import', { body: { csv: 'one@example.com\nwaiting@example.com' } });
      expect(again.body.data).toEqual({ added: 0, existing: 2, invalid: [] });
      const tooMany = await call('POST', '/status-page/subscribers/import', {
        body: { csv: Array.from({ length: 5001 }, (_, i) => `x${i}@example.com`).join('\n') },
      });
      expect(tooMany.status).toBe(422);
      expect(Object.keys(tooMany.body.errors)).toEqual(['csv']);

      const list = await call('GET', '/status-page/subscribers');
      expect(list.status).toBe(200);
      expect(list.body.counts).toEqual({ email_confirmed: 3, email_pending: 0, webhook: 1 });
      expect(list.body.data.map((s: { email: string | null }) => s.email).sort()).toEqual([null, 'one@example.com', 'two@example.com', 'waiting@example.com']);

      const csv = await fetch(`${h.api.url}/api/v1/status-page/subscribers/export`, { headers: { authorization: `Bearer ${p.rwKey}` } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await csv.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe('email,confirmed_at');
      expect(
        lines
          .slice(1)
          .map((l) => l.split(',')[0])
          .sort(),
      ).toEqual(['one@example.com', 'two@example.com', 'waiting@example.com']);

      const two = list.body.data.find((s: { email: string | null }) => s.email === 'two@example.com');
      expect((await call('DELETE', `/status-page/subscribers/${two.id}`)).status).toBe(204);
      expect((await call('DELETE', `/status-page/subscribers/${two.id}`)).status).toBe(404);

      const opened = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'Queue slow', message: 'Looking.' } });
      await receiver.waitFor((reqs) => reqs.some((r) => r.path === '/hook'));
      const delivered = receiver.accepted.find((r) => r.path === '/hook')!;
      expect(delivered.headers['content-type']).toBe('application/json');
      const body = JSON.parse(delivered.body);
      expect(body).toMatchObject({
        event: 'incident.opened',
        page: { id: p.key, name: 'Acme', url: `${APP}${p.path}` },
        incident: { id: opened.body.data.id, name: 'Queue slow', status: 'investigating' },
        update: { id: opened.body.data.updates[0].id, status: 'investigating', body: 'Looking.' },
      });
      expect(delivered.headers['x-upmon-delivery']).toBe(body.delivery_id);
      await eventually(() => mailsTo('one@example.com').length === 1 && mailsTo('waiting@example.com').length === 2);
      expect(mailsTo('two@example.com')).toHaveLength(0);

      const audit = await h.prisma.auditEvent.findMany({
        where: { accountId: p.project.accountId, action: { startsWith: 'status_page_subscriber.' } },
        orderBy: { id: 'asc' },
      });
      expect(audit.map((a) => a.action)).toEqual([
        'status_page_subscriber.create',
        'status_page_subscriber.import',
        'status_page_subscriber.import',
        'status_page_subscriber.export',
        'status_page_subscriber.remove',
      ]);
      expect(audit.map((a) => a.target).join(' ')).not.toContain('@');
    } finally {
      await receiver.close();
    }
  });

  it('a notifier killed (SIGKILL) in the middle of the fan-out sends no mail twice and loses at most the mails in flight', async () => {
    const p = await publishedPage();
    const pageRow = await h.prisma.statusPage.findFirstOrThrow({ where: { publicKey: p.key } });
    const n = 1500;
    const emails = Array.from({ length: n }, (_, i) => `bulk${i}@example.com`);
    await h.prisma.statusPageSubscriber.createMany({
      data: emails.map((email) => ({
        statusPageId: pageRow.id,
        email,
        createdAt: new Date(),
        confirmedAt: new Date(),
        unsubscribeToken: randomBytes(24).toString('base64url'),
      })),
    });
    await notifier.stop('SIGTERM');
    const before = smtp.mails.length;
    const bulk = () => smtp.mails.slice(before).filter((m) => m.to[0]?.startsWith('bulk'));
    const first = await startService('notifier', notifierEnv);
    const opened = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'Outage', message: 'Down.' } });
    expect(opened.status).toBe(201);
    await eventually(() => bulk().length >= 200, 60_000);
    expect(await first.stop('SIGKILL')).toBeNull();
    const sentAtKill = bulk().length;
    expect(sentAtKill).toBeLessThan(n);

    notifier = await startService('notifier', notifierEnv);
    await eventually(
      async () => (await h.prisma.statusPageSubscriberDelivery.count({ where: { notice: { statusPageId: pageRow.id }, status: { not: 'sent' } } })) === 0,
      120_000,
    );
    // Every delivery is marked sent; give the last mails written before that time to arrive.
    const inFlight = 10; // the subscriber-mails worker's batches at once, one SMTP connection each
    await eventually(() => bulk().length >= n - inFlight, 60_000);
    await new Promise((r) => setTimeout(r, 2000)); // stragglers: a mail sent twice would be here by now
    const counts = new Map<string, number>();
    for (const m of bulk()) counts.set(m.to[0] as string, (counts.get(m.to[0] as string) ?? 0) + 1);
    // None twice: a delivery is marked sent before the server can accept it.
    expect([...counts.values()].filter((c) => c > 1)).toEqual([]);
    expect(await h.prisma.statusPageSubscriberDelivery.count({ where: { notice: { statusPageId: pageRow.id }, status: 'sent' } })).toBe(n);
    // Lost: only the mails whose row had committed as sent while the final dot was not yet written
    // when the process died, at most one per SMTP connection in use (docs/status-pages.md, "In doubt").
    const missing = emails.filter((e) => !counts.has(e));
    expect(missing.length).toBeLessThanOrEqual(inFlight);
  });
});
