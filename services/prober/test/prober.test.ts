import { loadProberConfig } from '@upmon/config';
import { createPrismaClient, type Check, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { CATALOG, Queues, type ProbeRef } from '@upmon/queue';
import { createRedis, type RunningService } from '@upmon/service-kit';
import {
  createTestCertificates,
  createTestDatabase,
  dropRedisPrefix,
  freePort,
  httpConfigColumns,
  makeCheck,
  makeHttpCheck,
  openPingBody,
  makeProject,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type TestCertificates,
  type TestDatabase,
  probeJobDone,
} from '@upmon/testing';
import type { Redis } from 'ioredis';
import { startProber } from '../src/start-prober.js';
import { listenHttp, listenHttps, probeTargetHandler, type RunningServer, type SeenRequest } from './probe-servers.js';

// Probes go through the real `probes` queue to an in-process prober worker (services/scheduler's
// probe tests cover the scheduler task → queue → spawned prober path).
let db: TestDatabase;
let prisma: PrismaClient;
let certs: TestCertificates;
let redis: Redis;
const prefixes: string[] = [];
const probers: RunningService[] = [];
const servers: RunningServer[] = [];
const seen: SeenRequest[] = [];
let allowedQueues: Queues;
let blockedQueues: Queues;
let projectId: string;
let http: string;
const https: Record<'valid' | 'short' | 'expired' | 'selfSigned' | 'wrongHost', string> = {} as never;
let closedPort: number;
let redirector: string;
const USER_AGENT = 'upmon-test-prober/9';

async function startTestProber(allowCidrs: string, sharedPrefix?: string): Promise<Queues> {
  const prefix = sharedPrefix ?? testRedisPrefix();
  if (!sharedPrefix) prefixes.push(prefix);
  const config = loadProberConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    OUTBOUND_ALLOW_CIDRS: allowCidrs,
    PROBER_PORT: String(await freePort()),
    PROBER_USER_AGENT: USER_AGENT,
    HTTP_HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: '5',
  });
  probers.push(await startProber(config, createLogger({ service: 'prober', level: 'silent' }), { certificateAuthority: certs.caCert }));
  return new Queues(redis, prefix);
}

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 3 });
  redis = createRedis(testRedisUrl(), 'producer');
  certs = createTestCertificates();
  const handler = probeTargetHandler(seen);
  const plain = await listenHttp(handler);
  const tls = {
    valid: await listenHttps(certs.leaf({ days: 365 }), handler),
    short: await listenHttps(certs.leaf({ days: 5 }), handler),
    expired: await listenHttps(certs.leaf({ days: -1 }), handler),
    selfSigned: await listenHttps(certs.selfSigned(), handler),
    wrongHost: await listenHttps(certs.leaf({ days: 365, hosts: ['other.example'] }), handler),
  };
  // On 127.0.0.2, the one address the "blocked" prober may reach: it redirects to 127.0.0.1.
  const redirectServer = await listenHttp((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${plain.port}/ok?redirected` });
    res.end();
  }, '127.0.0.2');
  redirector = `http://127.0.0.2:${redirectServer.port}`;
  servers.push(plain, redirectServer, ...Object.values(tls));
  http = `http://127.0.0.1:${plain.port}`;
  for (const [k, s] of Object.entries(tls)) https[k as keyof typeof https] = `https://localhost:${s.port}`;
  closedPort = await freePort();
  projectId = (await makeProject(prisma)).id;
  allowedQueues = await startTestProber('127.0.0.0/8,::1/128');
  // A second prober on the same queue: probes go to whichever fetches them first.
  await (await startTestProber('127.0.0.0/8,::1/128', prefixes[prefixes.length - 1])).close();
  // Allows only 127.0.0.2: 127.0.0.1 and localhost stay blocked, as without any allow-list.
  blockedQueues = await startTestProber('127.0.0.2/32');
});

afterAll(async () => {
  for (const p of probers) await p.stop();
  await allowedQueues?.close();
  await blockedQueues?.close();
  redis?.disconnect();
  for (const s of servers) await s.close();
  await prisma?.$disconnect();
  await db?.drop();
  for (const p of prefixes) await dropRedisPrefix(p);
  certs?.cleanup();
});

function httpCheck(httpConfig: Record<string, unknown>, extra: Partial<Parameters<typeof makeCheck>[2]> = {}): Promise<Check> {
  return makeHttpCheck(prisma, projectId, httpConfig, extra);
}

interface ProbePing {
  type: string;
  method: string;
  userAgent: string | null;
  durationMs: number | null;
  body: string;
}

async function pingsOf(checkId: string): Promise<ProbePing[]> {
  const rows = await prisma.ping.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({
    type: r.type,
    method: r.method,
    userAgent: r.userAgent,
    durationMs: r.durationMs,
    body: r.body ? openPingBody(checkId, r.body) : '',
  }));
}

let seq = 0;
/** Enqueues one probe and waits for its job to finish; returns the check's pings. */
async function probe(check: Check, queues = allowedQueues, extra: { timestamp?: number } = {}): Promise<ProbePing[]> {
  const scheduledAt = new Date(Date.now() + ++seq).toISOString();
  await queues.enqueue('probes', { checkId: check.id, scheduledAt }, extra);
  await probeJobDone(queues, `probe-${check.id}-${Date.parse(scheduledAt)}`);
  return pingsOf(check.id);
}

async function lastPing(check: Check, queues = allowedQueues): Promise<ProbePing> {
  const pings = await probe(check, queues);
  return pings[pings.length - 1] as ProbePing;
}

const statusOf = async (id: string) => (await prisma.check.findUniqueOrThrow({ where: { id } })).status;
const flipsOf = async (id: string) =>
  (await prisma.flip.findMany({ where: { checkId: id }, orderBy: { id: 'asc' } })).map((f) => `${f.oldStatus}->${f.newStatus}:${f.reason}`);

describe('successful probes', () => {
  it('records a success ping with method, user agent and duration, and the check goes up', async () => {
    const check = await httpCheck({ url: `${http}/ok` });
    const p = await lastPing(check);
    expect(p).toMatchObject({ type: 'success', method: 'GET', userAgent: USER_AGENT, body: 'HTTP 200' });
    expect(p.durationMs).toEqual(expect.any(Number));
    expect(p.durationMs).toBeGreaterThanOrEqual(0);
    expect(await statusOf(check.id)).toBe('up');
    expect(await flipsOf(check.id)).toEqual(['new->up:ping']);
    const req = seen.filter((r) => r.url === '/ok').pop();
    expect(req?.headers['user-agent']).toBe(USER_AGENT);
    const row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(row.lastPingAt).not.toBeNull();
    // Probed checks have no deadline (docs/locations.md, "Stale locations").
    expect(row.nextDeadlineAt).toBeNull();
  });

  it('HEAD and POST use the configured method', async () => {
    const head = await httpCheck({ url: `${http}/method/head`, method: 'HEAD' });
    expect(await lastPing(head)).toMatchObject({ type: 'success', method: 'HEAD' });
    expect(seen.some((r) => r.url === '/method/head' && r.method === 'HEAD')).toBe(true);
    const post = await httpCheck({ url: `${http}/method/post`, method: 'POST', keyword: 'method=POST' });
    expect(await lastPing(post)).toMatchObject({ type: 'success', method: 'POST' });
  });

  it('sends the configured headers and basic auth', async () => {
    expect((await lastPing(await httpCheck({ url: `${http}/headers`, headers: { 'X-Token': 'abc' } }))).type).toBe('success');
    expect((await lastPing(await httpCheck({ url: `${http}/headers`, headers: { 'X-Token': 'nope' } }))).body).toBe('HTTP 403 (expected 2xx,3xx)');
    expect((await lastPing(await httpCheck({ url: `${http}/auth`, basic_auth: { username: 'alice', password: 's3cret' }, keyword: 'welcome' }))).type).toBe(
      'success',
    );
    expect((await lastPing(await httpCheck({ url: `${http}/auth`, basic_auth: { username: 'alice', password: 'wrong' } }))).body).toBe(
      'HTTP 401 (expected 2xx,3xx)',
    );
  });

  it('probes a check stored before credentials were encrypted (all of http_config in clear)', async () => {
    const legacy = await makeCheck(prisma, projectId, {
      kind: 'http',
      periodSec: 60,
      graceSec: 60,
      httpConfig: { url: `${http}/auth`, basic_auth: { username: 'alice', password: 's3cret' }, keyword: 'welcome' },
    });
    expect((await lastPing(legacy)).type).toBe('success');
  });

  it('expected_codes: exact codes and classes', async () => {
    expect((await lastPing(await httpCheck({ url: `${http}/status/404`, expected_codes: ['404'] }))).type).toBe('success');
    expect((await lastPing(await httpCheck({ url: `${http}/status/204`, expected_codes: ['2xx'] }))).type).toBe('success');
    expect((await lastPing(await httpCheck({ url: `${http}/status/201`, expected_codes: ['200'] }))).body).toBe('HTTP 201 (expected 200)');
    expect((await lastPing(await httpCheck({ url: `${http}/status/503` }))).body).toBe('HTTP 503 (expected 2xx,3xx)');
  });

  it('keyword present and keyword_absent', async () => {
    expect((await lastPing(await httpCheck({ url: `${http}/ok`, keyword: 'all ok' }))).type).toBe('success');
    expect(await lastPing(await httpCheck({ url: `${http}/ok`, keyword: 'healthy' }))).toMatchObject({ type: 'fail', body: 'keyword "healthy" not found' });
    expect((await lastPing(await httpCheck({ url: `${http}/text/fine`, keyword: 'error', keyword_absent: true }))).type).toBe('success');
    expect(await lastPing(await httpCheck({ url: `${http}/text/an%20error`, keyword: 'error', keyword_absent: true }))).toMatchObject({
      type: 'fail',
      body: 'keyword "error" found',
    });
  });

  it('a keyword is searched in the decompressed body', async () => {
    expect(await lastPing(await httpCheck({ url: `${http}/gzip`, keyword: 'all ok' }))).toMatchObject({ type: 'success', body: 'HTTP 200' });
    expect(seen.filter((r) => r.url === '/gzip').pop()?.headers['accept-encoding']).toMatch(/gzip/);
  });

  it('a body over the read limit is not searched', async () => {
    expect(await lastPing(await httpCheck({ url: `${http}/big`, keyword: 'needle' }))).toMatchObject({
      type: 'fail',
      body: 'keyword "needle" not found (no body read)',
    });
  });
});

describe('redirects', () => {
  it('follows redirects (bounded) by default', async () => {
    expect(await lastPing(await httpCheck({ url: `${http}/redirect/3`, keyword: 'all ok' }))).toMatchObject({ type: 'success', body: 'HTTP 200' });
    expect(await lastPing(await httpCheck({ url: `${http}/redirect/8` }))).toMatchObject({ type: 'fail', body: 'too many redirects (more than 5)' });
  });

  it('with follow_redirects false the 3xx itself is judged', async () => {
    expect(await lastPing(await httpCheck({ url: `${http}/redirect/1`, follow_redirects: false }))).toMatchObject({ type: 'success', body: 'HTTP 302' });
    expect(await lastPing(await httpCheck({ url: `${http}/redirect/1`, follow_redirects: false, expected_codes: ['2xx'] }))).toMatchObject({
      type: 'fail',
      body: 'HTTP 302 (expected 2xx)',
    });
  });
});

describe('transport failures', () => {
  it('timeout after timeout_sec', async () => {
    const p = await lastPing(await httpCheck({ url: `${http}/slow/3000`, timeout_sec: 1 }));
    expect(p).toMatchObject({ type: 'fail', body: 'timeout after 1 s' });
    expect(p.durationMs).toBeGreaterThanOrEqual(950);
    expect(p.durationMs).toBeLessThan(5000); // generous: the machine may be busy
  });

  it('the timeout covers the body, keyword or not', async () => {
    expect(await lastPing(await httpCheck({ url: `${http}/stall`, timeout_sec: 1 }))).toMatchObject({ type: 'fail', body: 'timeout after 1 s' });
    expect(await lastPing(await httpCheck({ url: `${http}/stall`, timeout_sec: 1, keyword: 'partial' }))).toMatchObject({
      type: 'fail',
      body: 'timeout after 1 s',
    });
  });

  it('connection refused', async () => {
    expect(await lastPing(await httpCheck({ url: `http://127.0.0.1:${closedPort}/` }))).toMatchObject({ type: 'fail', body: 'connection refused' });
  });

  it('DNS error', async () => {
    const p = await lastPing(await httpCheck({ url: 'http://nosuch-host.invalid/' }));
    expect(p.type).toBe('fail');
    expect(p.body).toMatch(/^DNS error: .*nosuch-host\.invalid/);
  });
});

describe('TLS', () => {
  it('a valid certificate far from expiry is plain success', async () => {
    expect(await lastPing(await httpCheck({ url: `${https.valid}/ok` }))).toMatchObject({ type: 'success', body: 'HTTP 200' });
  });

  it('a certificate expiring within ssl_days_before makes the check late, with the date in the ping', async () => {
    const check = await httpCheck({ url: `${https.short}/ok`, ssl_days_before: 7 });
    const p = await lastPing(check);
    const expiry = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect(p.type).toBe('success');
    expect(p.body).toMatch(new RegExp(`^HTTP 200, certificate expires ${expiry} \\(in [45] days\\)$`));
    expect(await statusOf(check.id)).toBe('late');
    expect(await flipsOf(check.id)).toEqual(['new->late:fail']);
  });

  it('follows a warning with recovery when the window is smaller than the remaining days', async () => {
    const check = await httpCheck({ url: `${https.short}/ok`, ssl_days_before: 7 });
    await lastPing(check);
    expect(await statusOf(check.id)).toBe('late');
    await prisma.check.update({ where: { id: check.id }, data: httpConfigColumns({ url: `${https.short}/ok`, ssl_days_before: 1 }, check.id) });
    expect((await lastPing(check)).body).toBe('HTTP 200');
    expect(await statusOf(check.id)).toBe('up');
  });

  it.each([
    ['expired', /^TLS error: certificate has expired/],
    ['selfSigned', /^TLS error: self[- ]signed certificate/],
    ['wrongHost', /^TLS error: Hostname\/IP does not match certificate's altnames/],
  ] as const)('%s certificate is a failure', async (which, body) => {
    const p = await lastPing(await httpCheck({ url: `${https[which]}/ok`, confirmations: 1 }));
    expect(p.type).toBe('fail');
    expect(p.body).toMatch(body);
  });
});

describe('confirmations and the state machine', () => {
  it('failures below confirmations make the check late, reaching them down; a success brings it up', async () => {
    const check = await httpCheck({ url: `${http}/status/500`, confirmations: 3 });
    await probe(check);
    expect(await statusOf(check.id)).toBe('late');
    await probe(check);
    expect(await statusOf(check.id)).toBe('late');
    await probe(check);
    expect(await statusOf(check.id)).toBe('down');
    await probe(check);
    expect((await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).failureCount).toBe(4);
    await prisma.check.update({ where: { id: check.id }, data: httpConfigColumns({ url: `${http}/ok`, confirmations: 3 }, check.id) });
    await probe(check);
    expect(await statusOf(check.id)).toBe('up');
    expect(await flipsOf(check.id)).toEqual(['new->late:fail', 'late->down:fail', 'down->up:ping']);
    expect((await pingsOf(check.id)).map((p) => p.type)).toEqual(['fail', 'fail', 'fail', 'fail', 'success']);
    // new → late notifies nobody (written fanned out); the others wait for the notifier's fan-out.
    const flips = await prisma.flip.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } });
    expect(flips.map((f) => f.fannedOutAt === null)).toEqual([false, true, true]);
  });

  it('confirmations 1 goes down at the first failure', async () => {
    const check = await httpCheck({ url: `${http}/status/502`, confirmations: 1 });
    await probe(check);
    expect(await flipsOf(check.id)).toEqual(['new->down:fail']);
  });
});

describe('skipped probes', () => {
  it('a paused check is not probed', async () => {
    const check = await httpCheck({ url: `${http}/ok?paused` }, { status: 'paused' });
    expect(await probe(check)).toEqual([]);
    expect(seen.some((r) => r.url === '/ok?paused')).toBe(false);
  });

  it('a deleted check is not probed and the job still completes', async () => {
    const check = await httpCheck({ url: `${http}/ok?deleted` });
    await prisma.check.delete({ where: { id: check.id } });
    expect(await probe(check)).toEqual([]);
    expect(seen.some((r) => r.url === '/ok?deleted')).toBe(false);
  });

  it('a job that waited longer than a whole interval is skipped as stale', async () => {
    const check = await httpCheck({ url: `${http}/ok?stale` });
    expect(await probe(check, allowedQueues, { timestamp: Date.now() - 3 * 60_000 })).toEqual([]);
    expect(seen.some((r) => r.url === '/ok?stale')).toBe(false);
  });
});

describe('batched jobs', () => {
  /** Enqueues one job carrying `probes` and waits for it to finish. */
  async function runJob(queues: Queues, probes: { checkId: string; scheduledAt: string }[]): Promise<void> {
    await queues.enqueue('probes', { probes });
    await probeJobDone(queues, CATALOG.probes.jobId({ probes }));
  }

  it('every probe of a job runs, skipped ones aside', async () => {
    const checks = await Promise.all(['a', 'b', 'c', 'd'].map((k) => httpCheck({ url: `${http}/ok?batch-${k}` })));
    const paused = await httpCheck({ url: `${http}/ok?batch-paused` }, { status: 'paused' });
    const slot = new Date(Date.now() + ++seq).toISOString();
    await runJob(
      allowedQueues,
      [...checks, paused].map((c) => ({ checkId: c.id, scheduledAt: slot })),
    );
    for (const c of checks) expect((await pingsOf(c.id)).map((p) => p.body)).toEqual(['HTTP 200']);
    expect(await pingsOf(paused.id)).toEqual([]);
    expect(seen.some((r) => r.url === '/ok?batch-paused')).toBe(false);
  });

  it('a check whose credentials cannot be decrypted is skipped; the rest of its job still runs', async () => {
    const good = await httpCheck({ url: `${http}/ok?batch-good` });
    const unreadable = await httpCheck({ url: `${http}/ok?batch-unreadable`, headers: { 'X-Token': 'abc' } });
    // As if written under another ENCRYPTION_KEY.
    await prisma.$executeRaw`UPDATE checks SET http_secrets = ${Buffer.from('not a ciphertext of this key')} WHERE id = ${unreadable.id}::uuid`;
    const slot = new Date(Date.now() + ++seq).toISOString();
    await runJob(
      allowedQueues,
      [unreadable, good].map((c) => ({ checkId: c.id, scheduledAt: slot })),
    );
    expect((await pingsOf(good.id)).map((p) => p.body)).toEqual(['HTTP 200']);
    expect(await pingsOf(unreadable.id)).toEqual([]);
    expect(seen.some((r) => r.url === '/ok?batch-unreadable')).toBe(false);
  });

  it('a probe carried by several jobs (or twice by one) runs once, in whichever prober claims it first', async () => {
    const checks = await Promise.all(['a', 'b', 'c'].map((k) => httpCheck({ url: `${http}/ok?twice-${k}` })));
    const slot = new Date(Date.now() + ++seq).toISOString();
    const [a, b, c] = checks.map((check) => ({ checkId: check.id, scheduledAt: slot })) as [ProbeRef, ProbeRef, ProbeRef];
    // Different batches sharing probes, as scheduler rounds repeated after a failed commit could
    // group them; enqueued together, so the two probers run them at the same time.
    const batches = [
      [a, b],
      [b, a, c, c],
      [c, b],
    ];
    await Promise.all(batches.map((probes) => allowedQueues.enqueue('probes', { probes })));
    await Promise.all(batches.map((probes) => probeJobDone(allowedQueues, CATALOG.probes.jobId({ probes }))));
    for (const check of checks) expect(await pingsOf(check.id)).toHaveLength(1);
    for (const k of ['a', 'b', 'c']) expect(seen.filter((r) => r.url === `/ok?twice-${k}`)).toHaveLength(1);
    // The next slot of the same check is a different probe.
    await runJob(allowedQueues, [{ ...a, scheduledAt: new Date(Date.parse(slot) + 60_000).toISOString() }]);
    expect(await pingsOf(a.checkId)).toHaveLength(2);
  });
});

describe('outbound protection', () => {
  it('without OUTBOUND_ALLOW_CIDRS a probe of 127.0.0.1 is blocked and recorded as a failure', async () => {
    const check = await httpCheck({ url: `${http}/ok?blocked`, confirmations: 1 });
    const p = await lastPing(check, blockedQueues);
    expect(p).toMatchObject({ type: 'fail', method: 'GET' });
    expect(p.body).toBe('blocked 127.0.0.1: loopback address (not in OUTBOUND_ALLOW_CIDRS)');
    expect(seen.some((r) => r.url === '/ok?blocked')).toBe(false);
    expect(await statusOf(check.id)).toBe('down');
  });

  it('a hostname resolving to loopback (localhost) is blocked too', async () => {
    const byName = await lastPing(await httpCheck({ url: `${https.valid}/ok` }), blockedQueues);
    expect(byName.body).toBe('blocked localhost: loopback address (not in OUTBOUND_ALLOW_CIDRS)');
  });

  it('a redirect from an allowed address to loopback is blocked', async () => {
    const p = await lastPing(await httpCheck({ url: `${redirector}/` }), blockedQueues);
    expect(p).toMatchObject({ type: 'fail', body: 'blocked 127.0.0.1: loopback address (not in OUTBOUND_ALLOW_CIDRS)' });
    expect(seen.some((r) => r.url === '/ok?redirected')).toBe(false);
  });

  it('with the allow-list the same redirect is followed', async () => {
    expect(await lastPing(await httpCheck({ url: `${redirector}/` }))).toMatchObject({ type: 'success', body: 'HTTP 200' });
    expect(seen.some((r) => r.url === '/ok?redirected')).toBe(true);
  });
});
