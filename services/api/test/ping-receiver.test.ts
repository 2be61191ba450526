import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { AAD, createCipher } from '@upmon/crypto';
import { createPrismaClient, createPgPool, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { createFlipMetrics, createPingMetrics, Registry } from '@upmon/metrics';
import { systemClock, type Clock } from '@upmon/service-kit';
import { createTestDatabase, makeCheck, makeProject, ManualClock, TEST_ENCRYPTION_KEY, type TestDatabase } from '@upmon/testing';
import { createPingReceiver, parsePingUrl } from '../src/ping/index.js';

const BODY_LIMIT = 10;
const cipher = createCipher(TEST_ENCRYPTION_KEY);
const logger = createLogger({ service: 'ping-test', level: 'silent' });

interface Receiver {
  url: string;
  /** The receiver's metrics. */
  registry: Registry;
  close(): Promise<void>;
}

let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
const cleanups: (() => Promise<void>)[] = [];

async function startReceiver(opts: { trustedProxies?: string[]; clock?: Clock } = {}): Promise<Receiver> {
  const registry = new Registry();
  const receiver = createPingReceiver({
    pool,
    cipher,
    logger,
    clock: opts.clock ?? systemClock,
    bodyLimitBytes: BODY_LIMIT,
    trustedProxies: opts.trustedProxies ?? [],
    metrics: { pings: createPingMetrics(registry), flips: createFlipMetrics(registry) },
  });
  const server = http.createServer((req, res) => {
    if (!receiver.handle(req, res)) res.writeHead(418).end('not a ping');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await receiver.drain();
    })());
  cleanups.push(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, registry, close };
}

let rx: Receiver;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url);
  pool = createPgPool(db.url, 8);
  rx = await startReceiver({ trustedProxies: ['127.0.0.1/32'] });
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await pool.end();
  await prisma.$disconnect();
  await db.drop();
});

const hit = (path: string, init: RequestInit = {}) => fetch(`${rx.url}${path}`, init);

/** A receiver on a clock the test moves: run durations are exact, with no waiting. */
async function startTimedReceiver() {
  const clock = new ManualClock();
  const receiver = await startReceiver({ clock });
  return { clock, hit: (path: string) => fetch(`${receiver.url}${path}`) };
}
const pingsOf = async (checkId: string) =>
  (
    await pool.query(
      `SELECT type, exit_status, rid, source_ip, method, user_agent, body_size, body, duration_ms,
              to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS ts_us
         FROM pings WHERE check_id = $1 ORDER BY id`,
      [checkId],
    )
  ).rows;
const flipsOf = (checkId: string) => prisma.flip.findMany({ where: { checkId }, orderBy: { id: 'asc' } });

describe('parsePingUrl', () => {
  const u = '0b6e9a34-3c55-4c0b-9d3f-2f2b1b6a8e11';
  it('recognises every ping URL shape', () => {
    expect(parsePingUrl(`/${u}`)).toMatchObject({ ok: true, ping: { target: { by: 'uuid', uuid: u }, kind: 'success' } });
    expect(parsePingUrl(`/${u.toUpperCase()}/start?rid=${u}`)).toMatchObject({ ok: true, ping: { kind: 'start', rid: u } });
    expect(parsePingUrl(`/${u}/fail`)).toMatchObject({ ok: true, ping: { kind: 'fail' } });
    expect(parsePingUrl(`/${u}/log`)).toMatchObject({ ok: true, ping: { kind: 'log' } });
    expect(parsePingUrl(`/${u}/0`)).toMatchObject({ ok: true, ping: { kind: 'exit', exitStatus: 0 } });
    expect(parsePingUrl(`/${u}/255`)).toMatchObject({ ok: true, ping: { kind: 'exit', exitStatus: 255 } });
    expect(parsePingUrl('/AbCdEfGh12345678_-xyz/my-job/fail?create=1')).toMatchObject({
      ok: true,
      ping: { target: { by: 'slug', pingKey: 'AbCdEfGh12345678_-xyz', slug: 'my-job' }, kind: 'fail', create: true },
    });
  });
  it('rejects malformed ping URLs with 400 and leaves other paths alone', () => {
    expect(parsePingUrl(`/${u}/256`)).toEqual({ ok: false, status: 400, message: 'invalid exit status' });
    expect(parsePingUrl(`/${u}/-1`)).toEqual({ ok: false, status: 400, message: 'invalid ping URL' });
    expect(parsePingUrl(`/${u}/bogus`)).toEqual({ ok: false, status: 400, message: 'invalid ping URL' });
    expect(parsePingUrl(`/${u}?rid=nope`)).toEqual({ ok: false, status: 400, message: 'invalid rid: must be a UUID' });
    expect(parsePingUrl('/AbCdEfGh12345678/Not_A_Slug')).toEqual({ ok: false, status: 400, message: 'invalid url format' });
    expect(parsePingUrl('/AbCdEfGh12345678/not.a.slug')).toEqual({ ok: false, status: 404, message: 'not found' });
    expect(parsePingUrl('/api/v1/checks')).toBeNull();
    expect(parsePingUrl('/healthz')).toBeNull();
    expect(parsePingUrl('/')).toBeNull();
    expect(parsePingUrl('/short/slug')).toBeNull();
  });
  it('leaves badge and Prometheus URLs to the app, whatever follows', () => {
    // 'projects' is shaped like a ping key (8+ characters): without the reservation,
    // /projects/<uuid>/metrics would be a slug ping answered 400.
    expect(parsePingUrl(`/projects/${u}/metrics`)).toBeNull();
    expect(parsePingUrl(`/projects/${u}/metrics/upm_ro_x`)).toBeNull();
    expect(parsePingUrl('/badge/0123456789abcdef0123456789abcdef/*.svg')).toBeNull();
  });
});

describe('ping receiver', () => {
  it('success by uuid: 200 OK after commit, microsecond ts, check up, flip committed and enqueued', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const res = await hit(`/${check.id}`, { headers: { 'user-agent': 'x'.repeat(300) } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    expect(res.headers.get('ping-body-limit')).toBe(String(BODY_LIMIT));
    const [p] = await pingsOf(check.id);
    expect(p).toMatchObject({ type: 'success', method: 'GET', source_ip: '127.0.0.1', body_size: 0, body: null });
    expect(p.user_agent).toHaveLength(200);
    expect(p.ts_us).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    const row = (
      await pool.query(
        `SELECT status, last_ping_type, to_char(last_ping_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS lp, next_deadline_at FROM checks WHERE id = $1`,
        [check.id],
      )
    ).rows[0];
    expect(row.status).toBe('up');
    expect(row.last_ping_type).toBe('success');
    expect(row.lp).toBe(p.ts_us);
    expect(row.next_deadline_at.getTime()).toBe(Date.parse(`${p.ts_us.slice(0, 23)}Z`) + 60_000);
    const flips = await flipsOf(check.id);
    expect(flips.map((f) => [f.oldStatus, f.newStatus, f.reason])).toEqual([['new', 'up', 'ping']]);
    // new → up notifies nobody: written fanned out, it never waits for the notifier.
    expect(flips[0]?.fannedOutAt).not.toBeNull();
    // A second success: up stays up, no new flip.
    expect((await hit(`/${check.id}`, { method: 'HEAD' })).status).toBe(200);
    expect(await flipsOf(check.id)).toHaveLength(1);
    expect((await pingsOf(check.id)).map((x) => x.method)).toEqual(['GET', 'HEAD']);
  });

  it('"up stays up" in one statement gives exactly what the state machine gives; other cases take the full path', async () => {
    const project = await makeProject(prisma);
    const before = new Date(Date.now() - 30_000);
    const period = await makeCheck(prisma, project.id, { status: 'up', lastPingAt: before, nextDeadlineAt: new Date(before.getTime() + 60_000) });
    const cron = await makeCheck(prisma, project.id, {
      status: 'up',
      scheduleKind: 'cron',
      cron: '0 3 * * *',
      tz: 'Europe/Riga',
      periodSec: null,
      lastPingAt: before,
      nextDeadlineAt: new Date(before.getTime() + 60_000),
    });
    const running = await makeCheck(prisma, project.id, {
      status: 'up',
      lastPingAt: before,
      lastStartAt: before,
      nextDeadlineAt: new Date(before.getTime() + 60_000),
    });
    for (const c of [period, cron, running]) expect((await hit(`/${c.id}/0`)).status).toBe(200);
    const state = async (id: string) =>
      (
        await pool.query(
          `SELECT status, last_ping_type, failure_count, last_start_at, last_duration_ms, next_deadline_at,
                  to_char(last_ping_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS lp FROM checks WHERE id = $1`,
          [id],
        )
      ).rows[0];
    const { transition } = await import('@upmon/core');
    for (const c of [period, cron, running]) {
      const [p] = await pingsOf(c.id);
      const s = await state(c.id);
      expect(s.lp).toBe(p.ts_us);
      const pingMs = Date.parse(`${p.ts_us.slice(0, 23)}Z`);
      const expected = transition(
        {
          kind: 'heartbeat',
          status: 'up',
          graceSec: c.graceSec,
          lastPingAt: before,
          lastStartAt: c.lastStartAt,
          lastStartRid: null,
          lastDurationMs: null,
          resumedAt: null,
          nextDeadlineAt: c.nextDeadlineAt,
          failureCount: 0,
          confirmations: 1,
          minRunSec: null,
          schedule: c.scheduleKind === 'cron' ? { kind: 'cron', cron: '0 3 * * *', tz: 'Europe/Riga' } : { kind: 'period', periodSec: 60, tz: 'UTC' },
        },
        { type: 'ping', kind: 'exit', exitStatus: 0 },
        new Date(pingMs),
      );
      expect({ status: s.status, deadline: s.next_deadline_at.getTime(), duration: s.last_duration_ms, start: s.last_start_at }).toEqual({
        status: expected.state.status,
        deadline: expected.state.nextDeadlineAt!.getTime(),
        duration: expected.state.lastDurationMs,
        start: expected.state.lastStartAt,
      });
      expect(p.duration_ms).toBe(expected.durationMs);
      expect(s.last_ping_type).toBe('exit');
    }
    expect((await pingsOf(running.id))[0].duration_ms).toBeGreaterThanOrEqual(30_000);
    expect(await prisma.flip.count({ where: { checkId: { in: [period.id, cron.id, running.id] } } })).toBe(0);
  });

  it('POST body: stored encrypted, cut to the limit, body_size is what was sent', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const res = await hit(`/${check.id}/log`, { method: 'POST', body: 'hello world, this is long' });
    expect(res.status).toBe(200);
    const [p] = await pingsOf(check.id);
    expect(p.type).toBe('log');
    expect(p.body_size).toBe(25);
    expect(Buffer.from(p.body).includes(Buffer.from('hello'))).toBe(false);
    expect(cipher.decrypt(p.body, AAD.pingBody(check.id)).toString()).toBe('hello worl');
    // log: nothing changes
    const c = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(c.status).toBe('new');
    expect(c.lastPingAt).toBeNull();
  });

  it('start/rid/duration, exit statuses, fail, 400s and 404', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const rid = '11111111-2222-4333-8444-555555555555';
    const timed = await startTimedReceiver();
    expect((await timed.hit(`/${check.id}/start?rid=${rid}`)).status).toBe(200);
    await timed.clock.advance(30);
    expect((await timed.hit(`/${check.id}/0?rid=${rid}`)).status).toBe(200);
    const ps = await pingsOf(check.id);
    expect(ps.map((p) => [p.type, p.exit_status, p.rid])).toEqual([
      ['start', null, rid],
      ['exit', 0, rid],
    ]);
    expect(ps[1].duration_ms).toBe(30);
    expect((await hit(`/${check.id}/3`)).status).toBe(200);
    expect((await hit(`/${check.id}/fail`)).status).toBe(200);
    expect((await flipsOf(check.id)).map((f) => `${f.oldStatus}>${f.newStatus}:${f.reason}`)).toEqual(['new>up:ping', 'up>down:exit']);
    const bad = await hit(`/${check.id}/256`);
    expect([bad.status, await bad.text()]).toEqual([400, 'invalid exit status']);
    expect((await hit(`/${check.id}?rid=xyz`)).status).toBe(400);
    const nf = await hit('/0b6e9a34-3c55-4c0b-9d3f-2f2b1b6a8e11');
    expect([nf.status, await nf.text()]).toEqual([404, 'not found']);
    expect((await pingsOf(check.id)).length).toBe(4);
    expect((await hit('/api/v1/checks')).status).toBe(418);
  });

  it('slug URLs, ?create=1 within the plan quota', async () => {
    const project = await makeProject(prisma, { plan: 'free' });
    const check = await makeCheck(prisma, project.id, { slug: 'nightly-backup' });
    expect((await hit(`/${project.pingKey}/nightly-backup`)).status).toBe(200);
    expect((await hit(`/${project.pingKey}/nightly-backup/fail`, { method: 'POST' })).status).toBe(200);
    expect((await flipsOf(check.id)).map((f) => f.reason)).toEqual(['ping', 'fail']);
    expect((await hit(`/${project.pingKey}/missing`)).status).toBe(404);
    expect((await hit(`/nonexistentkey123/nightly-backup`)).status).toBe(404);
    const created = await hit(`/${project.pingKey}/new-job?create=1`);
    expect([created.status, await created.text()]).toEqual([201, 'Created']);
    const again = await hit(`/${project.pingKey}/new-job?create=1`);
    expect(again.status).toBe(200);
    const auto = await prisma.check.findFirstOrThrow({ where: { projectId: project.id, slug: 'new-job' } });
    expect(auto).toMatchObject({ name: 'new-job', status: 'up', periodSec: 86400, graceSec: 3600 });
    expect(await pingsOf(auto.id)).toHaveLength(2);
    // free plan: 20 checks; this account has 2, add 18 more, then creation is refused.
    for (let i = 0; i < 18; i++) await makeCheck(prisma, project.id);
    const over = await hit(`/${project.pingKey}/one-too-many?create=1`);
    expect([over.status, await over.text()]).toEqual([403, 'check quota reached']);
    expect(await prisma.check.count({ where: { projectId: project.id } })).toBe(20);
  });

  it('paused checks record pings, noted as ignored, without changing status, deadline or last ping', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id, { status: 'paused' });
    expect((await hit(`/${check.id}/fail`)).status).toBe(200);
    const c = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect([c.status, c.nextDeadlineAt, c.lastPingAt, c.nPings]).toEqual(['paused', null, null, 1]);
    expect(await prisma.ping.findMany({ where: { checkId: check.id }, select: { type: true, note: true } })).toEqual([
      { type: 'fail', note: 'ignored: the check is paused' },
    ]);
    expect(await flipsOf(check.id)).toHaveLength(0);
  });

  it('source IP: the rightmost X-Forwarded-For hop that is not a trusted proxy, only from a trusted proxy', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    // 203.0.113.9 was written by the client; 10.0.0.1 by the proxy in front of us, which we trust.
    await hit(`/${check.id}`, { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } });
    const behindTwo = await startReceiver({ trustedProxies: ['127.0.0.0/8', '10.0.0.0/8'] });
    await fetch(`${behindTwo.url}/${check.id}`, { headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.1' } });
    const untrusted = await startReceiver({ trustedProxies: ['10.0.0.0/8'] });
    await fetch(`${untrusted.url}/${check.id}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await pingsOf(check.id)).map((p) => p.source_ip)).toEqual(['10.0.0.1', '203.0.113.9', '127.0.0.1']);
  });

  it('concurrent pings are all stored, in order per check, with consistent state', async () => {
    const project = await makeProject(prisma);
    const checks = await Promise.all([0, 1, 2, 3].map(() => makeCheck(prisma, project.id)));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hit(`/${checks[i % 4]!.id}${i % 50 === 49 ? '/fail' : ''}`).then((r) => r.status)),
    );
    expect(responses.every((s) => s === 200)).toBe(true);
    for (const c of checks) expect(await pingsOf(c.id)).toHaveLength(50);
    // Each check got a fail as its 50th ping (i = 49, 99, 149, 199 -> checks 1, 3, 1, 3).
    const statuses = await prisma.check.findMany({ where: { id: { in: checks.map((c) => c.id) } } });
    expect(statuses.every((s) => s.status === 'up' || s.status === 'down')).toBe(true);
    for (const c of checks) {
      const flips = await flipsOf(c.id);
      expect(flips[0]).toMatchObject({ oldStatus: 'new', newStatus: 'up' });
      for (let i = 1; i < flips.length; i++) expect(flips[i]!.oldStatus).toBe(flips[i - 1]!.newStatus);
    }
  });

  it('a flip that notifies waits in PostgreSQL for the notifier (the receiver needs no Redis)', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    expect((await fetch(`${rx.url}/${check.id}/fail`)).status).toBe(200);
    const [flip] = await flipsOf(check.id);
    expect(flip).toMatchObject({ newStatus: 'down', reason: 'fail', fannedOutAt: null });
  });

  it('counts pings by kind and outcome, their commit time and the flips they caused', async () => {
    const own = await startReceiver();
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const unknown = '0b6e9a34-3c55-4c0b-9d3f-2f2b1b6a8e11';
    expect((await fetch(`${own.url}/${check.id}`)).status).toBe(200); // new → up (ping)
    expect((await fetch(`${own.url}/${check.id}/fail`)).status).toBe(200); // up → down (fail)
    expect((await fetch(`${own.url}/${check.id}/log`)).status).toBe(200);
    expect((await fetch(`${own.url}/${unknown}`)).status).toBe(404);
    expect((await fetch(`${own.url}/${check.id}/256`)).status).toBe(400);
    const text = await own.registry.metrics();
    await own.close();
    expect(text).toContain('upmon_pings_received_total{kind="success",outcome="stored"} 1');
    expect(text).toContain('upmon_pings_received_total{kind="fail",outcome="stored"} 1');
    expect(text).toContain('upmon_pings_received_total{kind="log",outcome="stored"} 1');
    expect(text).toContain('upmon_pings_received_total{kind="success",outcome="not_found"} 1');
    expect(text).toContain('upmon_pings_received_total{kind="unknown",outcome="invalid"} 1');
    expect(text).toContain('upmon_ping_commit_seconds_count 3');
    expect(text).toContain('upmon_flips_total{reason="ping"} 1');
    expect(text).toContain('upmon_flips_total{reason="fail"} 1');
    expect(text).toContain('upmon_flips_total{reason="timeout"} 0');
  });

  describe('ping budget: at most 60 state-changing pings a minute per check', () => {
    let now = new Date('2026-11-24T10:00:00.000Z');
    let budgetRx: Receiver;
    beforeAll(async () => {
      budgetRx = await startReceiver({ clock: { now: () => now } });
    });
    const ping = async (path: string) => {
      const res = await fetch(`${budgetRx.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('OK');
    };
    const budgetOf = async (id: string) =>
      (await pool.query(`SELECT status, ping_window_start, ping_window_count, last_ping_at FROM checks WHERE id = $1`, [id])).rows[0];

    it('applies 60, stores the rest without changing anything, and applies the next ping after the window', async () => {
      now = new Date('2026-11-24T10:00:00.000Z');
      const project = await makeProject(prisma);
      const check = await makeCheck(prisma, project.id, { status: 'up', lastPingAt: new Date(now.getTime() - 30_000) });
      // A client looping fail / success: every applied ping flips the check.
      for (let i = 0; i < 70; i++) {
        if (i === 30) await ping(`/${check.id}/log`); // log pings are not counted
        await ping(`/${check.id}${i % 2 === 0 ? '/fail' : ''}`);
        now = new Date(now.getTime() + 100);
      }
      const flips = await flipsOf(check.id);
      expect(flips).toHaveLength(60);
      expect(await pingsOf(check.id)).toHaveLength(71);
      // The 60th applied ping was a success; the 61st (a fail) changed nothing.
      const b = await budgetOf(check.id);
      expect(b).toMatchObject({ status: 'up', ping_window_count: 60 });
      expect(b.ping_window_start.toISOString()).toBe('2026-11-24T10:00:00.000Z');
      expect(b.last_ping_at.getTime()).toBe(Date.parse('2026-11-24T10:00:00.000Z') + 59 * 100); // the 60th ping's time

      // The window opened at 10:00:00.000: a fail at 10:00:59.999 is still over budget, one at 10:01:00 applies.
      now = new Date('2026-11-24T10:00:59.999Z');
      await ping(`/${check.id}/fail`);
      expect((await budgetOf(check.id)).status).toBe('up');
      now = new Date('2026-11-24T10:01:00.000Z');
      await ping(`/${check.id}/fail`);
      const after = await budgetOf(check.id);
      expect(after).toMatchObject({ status: 'down', ping_window_count: 1 });
      expect(after.ping_window_start.toISOString()).toBe('2026-11-24T10:01:00.000Z');
      expect(await flipsOf(check.id)).toHaveLength(61);
    });
  });
});

describe('Healthchecks ping URLs under /ping/ (docs/healthchecks.md)', () => {
  const u = '5bf40e25-3f1f-4b8d-a1a3-0c2b6f3b4c1e';
  const rid = '11111111-2222-4333-8444-555555555555';
  const forms = [
    `/${u}`,
    `/${u}/`,
    `/${u}/start`,
    `/${u}/fail`,
    `/${u}/log`,
    `/${u}/0`,
    `/${u}/1`,
    `/${u}/255`,
    `/${u}/256`,
    `/${u}/bogus`,
    `/${u}/start/extra`,
    `/${u}?rid=${rid}`,
    `/${u}/start?rid=${rid}`,
    `/${u}?rid=nope`,
    '/AbCdEfGh12345678_-xyz/my-job',
    '/AbCdEfGh12345678_-xyz/my-job/start',
    '/AbCdEfGh12345678_-xyz/my-job/fail',
    '/AbCdEfGh12345678_-xyz/my-job/log',
    '/AbCdEfGh12345678_-xyz/my-job/0',
    '/AbCdEfGh12345678_-xyz/my-job/42',
    '/AbCdEfGh12345678_-xyz/my-job?create=1',
    '/AbCdEfGh12345678_-xyz/my-job/fail?create=1&rid=' + rid,
    '/AbCdEfGh12345678/Not_A_Slug',
    '/api/v1/checks',
    '/healthz',
  ];
  it.each(forms)('/ping%s is parsed exactly as the root form', (form) => {
    expect(parsePingUrl(`/ping${form}`)).toEqual(parsePingUrl(form));
  });

  it('/ping alone and /ping/ are not pings', () => {
    expect(parsePingUrl('/ping')).toBeNull();
    expect(parsePingUrl('/ping/')).toBeNull();
  });

  it('every uuid suffix under /ping/ is stored as the root form stores it', async () => {
    const project = await makeProject(prisma);
    const [root, prefixed] = await Promise.all([makeCheck(prisma, project.id), makeCheck(prisma, project.id)]);
    const suffixes = ['/start', '', '/log', '/0', '/fail', '/3', `/start?rid=${rid}`, `?rid=${rid}`];
    for (const s of suffixes) {
      expect((await hit(`/${root.id}${s}`, { method: 'POST', body: 'b' })).status).toBe(200);
      expect((await hit(`/ping/${prefixed.id}${s}`, { method: 'POST', body: 'b' })).status).toBe(200);
    }
    const shape = (rows: Record<string, unknown>[]) => rows.map((p) => [p.type, p.exit_status, p.rid, p.method, p.body_size]);
    expect(shape(await pingsOf(prefixed.id))).toEqual(shape(await pingsOf(root.id)));
    const flipShape = async (id: string) => (await flipsOf(id)).map((f) => `${f.oldStatus}>${f.newStatus}:${f.reason}`);
    expect(await flipShape(prefixed.id)).toEqual(await flipShape(root.id));
    const after = await prisma.check.findMany({ where: { id: { in: [root.id, prefixed.id] } }, select: { status: true, nPings: true } });
    expect(after).toEqual([
      { status: 'up', nPings: 8 },
      { status: 'up', nPings: 8 },
    ]);
    const head = await hit(`/ping/${prefixed.id}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('ping-body-limit')]).toEqual([200, String(BODY_LIMIT)]);
    const bad = await hit(`/ping/${prefixed.id}/256`);
    expect([bad.status, await bad.text()]).toEqual([400, 'invalid exit status']);
    const nf = await hit('/ping/0b6e9a34-3c55-4c0b-9d3f-2f2b1b6a8e11/start');
    expect([nf.status, await nf.text()]).toEqual([404, 'not found']);
  });

  it('slug forms and ?create=1 under /ping/', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id, { slug: 'db-backup' });
    for (const s of ['/start', '', '/log', '/0', '/7', '/fail']) expect((await hit(`/ping/${project.pingKey}/db-backup${s}`)).status).toBe(200);
    expect((await pingsOf(check.id)).map((p) => [p.type, p.exit_status])).toEqual([
      ['start', null],
      ['success', null],
      ['log', null],
      ['exit', 0],
      ['exit', 7],
      ['fail', null],
    ]);
    expect((await hit(`/ping/${project.pingKey}/missing`)).status).toBe(404);
    const created = await hit(`/ping/${project.pingKey}/made-by-ping/start?create=1`);
    expect([created.status, await created.text()]).toEqual([201, 'Created']);
    const auto = await prisma.check.findFirstOrThrow({ where: { projectId: project.id, slug: 'made-by-ping' } });
    expect((await pingsOf(auto.id)).map((p) => p.type)).toEqual(['start']);
    expect((await hit(`/ping/${project.pingKey}/made-by-ping?create=1`)).status).toBe(200);
  });
});

describe('overlapping runs paired by rid', () => {
  const A = 'aaaaaaaa-0000-4000-8000-000000000001';
  const B = 'bbbbbbbb-0000-4000-8000-000000000002';
  let timed: Awaited<ReturnType<typeof startTimedReceiver>>;
  beforeAll(async () => {
    timed = await startTimedReceiver();
  });
  const hit = (path: string) => timed.hit(path);
  const pause = (ms: number) => timed.clock.advance(ms);
  const checkRow = (id: string) => prisma.check.findUniqueOrThrow({ where: { id } });

  it('start A, start B, success A: the success is measured from A; last_duration_ms is that run', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    expect((await hit(`/${check.id}/start?rid=${A}`)).status).toBe(200);
    await pause(40);
    expect((await hit(`/${check.id}/start?rid=${B}`)).status).toBe(200);
    await pause(120);
    expect((await hit(`/${check.id}?rid=${A}`)).status).toBe(200);
    const ms = (p: { ts_us: string }) => Date.parse(`${p.ts_us.slice(0, 23)}Z`);
    let ps = await pingsOf(check.id);
    const durA = ps[2].duration_ms as number;
    expect(durA).toBe(ms(ps[2]) - ms(ps[0]));
    expect(durA).toBe(160);
    let row = await checkRow(check.id);
    expect(row.lastDurationMs).toBe(durA);
    // B is still open: the check keeps its start + grace deadline.
    expect(row.lastStartRid).toBe(B);
    expect(row.nextDeadlineAt?.getTime()).toBe((row.lastStartAt as Date).getTime() + row.graceSec * 1000);

    await pause(30);
    expect((await hit(`/${check.id}/0?rid=${B}`)).status).toBe(200);
    ps = await pingsOf(check.id);
    const durB = ps[3].duration_ms as number;
    expect(durB).toBe(ms(ps[3]) - ms(ps[1]));
    expect(durB).toBe(150);
    row = await checkRow(check.id);
    expect([row.lastDurationMs, row.lastStartAt, row.status]).toEqual([durB, null, 'up']);

    // A run finished once is not measured again; the pings are numbered 1..n.
    expect((await hit(`/${check.id}?rid=${A}`)).status).toBe(200);
    const all = await pool.query<{ n: number; duration_ms: number | null }>('SELECT n, duration_ms FROM pings WHERE check_id = $1 ORDER BY id', [check.id]);
    expect(all.rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(all.rows[4]!.duration_ms).toBeNull();
    expect((await checkRow(check.id)).nPings).toBe(5);
  });

  it('the latest run closes before an older one: the older is still measured (fail too)', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    await hit(`/${check.id}/start?rid=${A}`);
    await pause(30);
    await hit(`/${check.id}/start?rid=${B}`);
    await hit(`/${check.id}?rid=${B}`);
    await pause(20);
    await hit(`/${check.id}/fail?rid=${A}`);
    const ps = await pingsOf(check.id);
    expect(ps.map((p) => p.type)).toEqual(['start', 'start', 'success', 'fail']);
    expect(ps[3].duration_ms).toBe(50);
    const row = await checkRow(check.id);
    expect([row.status, row.lastDurationMs]).toEqual(['down', ps[3].duration_ms]);
  });

  it('without rid the latest start is paired, as before', async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    await hit(`/${check.id}/start`);
    await pause(60);
    await hit(`/${check.id}/start`);
    await pause(20);
    await hit(`/${check.id}`);
    const ps = await pingsOf(check.id);
    const ms = (p: { ts_us: string }) => Date.parse(`${p.ts_us.slice(0, 23)}Z`);
    // Measured from the second start, not the first.
    expect(ps[2].duration_ms).toBe(ms(ps[2]) - ms(ps[1]));
    expect(ps[2].duration_ms).toBe(20);
  });
});

describe('minimum run time (checks.min_run_sec)', () => {
  let now = new Date('2026-11-24T12:00:00.000Z');
  const clock = { now: () => now };
  const at = (sec: number) => new Date(Date.parse('2026-11-24T12:00:00.000Z') + sec * 1000);
  const ping = async (receiver: Receiver, path: string, sec: number) => {
    now = at(sec);
    expect((await fetch(`${receiver.url}${path}`)).status).toBe(200);
  };
  const notesOf = async (checkId: string) =>
    (
      await pool.query<{ type: string; duration_ms: number | null; note: string | null }>(
        'SELECT type, duration_ms, note FROM pings WHERE check_id = $1 ORDER BY n',
        [checkId],
      )
    ).rows;

  it('a success after a shorter run is a failure (short_run, note on the ping); a long enough run is up, also across a receiver restart', async () => {
    const first = await startReceiver({ clock });
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id, { periodSec: 3600, graceSec: 600, minRunSec: 60 });

    await ping(first, `/${check.id}/start`, 0);
    await ping(first, `/${check.id}`, 12);
    let row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect([row.status, row.lastDurationMs, row.lastStartAt, row.nextDeadlineAt]).toEqual(['down', 12_000, null, null]);
    expect((await flipsOf(check.id)).map((f) => [f.oldStatus, f.newStatus, f.reason])).toEqual([['new', 'down', 'short_run']]);
    expect(await notesOf(check.id)).toEqual([
      { type: 'start', duration_ms: null, note: null },
      { type: 'success', duration_ms: 12_000, note: 'run took 12 s, shorter than the minimum of 60 s' },
    ]);
    expect(await first.registry.metrics()).toContain('upmon_flips_total{reason="short_run"} 1');

    // The run starts on one receiver and ends on another: the minimum is read from the row.
    await ping(first, `/${check.id}/start`, 100);
    await first.close();
    const second = await startReceiver({ clock });
    await ping(second, `/${check.id}/0`, 160);
    row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect([row.status, row.lastDurationMs]).toEqual(['up', 60_000]);
    expect((await flipsOf(check.id)).map((f) => f.reason)).toEqual(['short_run', 'ping']);
    expect((await notesOf(check.id)).slice(2)).toEqual([
      { type: 'start', duration_ms: null, note: null },
      { type: 'exit', duration_ms: 60_000, note: null },
    ]);

    // A success without a start is not judged (and goes through the state machine, not the fast path).
    await ping(second, `/${check.id}`, 500);
    row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(row.status).toBe('up');
    expect((await notesOf(check.id)).at(-1)).toEqual({ type: 'success', duration_ms: null, note: null });
  });
});
