import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadSchedulerConfig } from '@upmon/config';
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import {
  createTestCertificates,
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeHttpCheck,
  makeProject,
  openPingBody,
  startService,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestCertificates,
  type TestDatabase,
} from '@upmon/testing';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import type { SchedulerTask } from '../src/task.js';

// The whole path: probe-scheduler task → `probes` queue → the BUILT prober service (a separate
// process; run `pnpm build` first) → pings and flips in PostgreSQL, flips on the `flips` queue.
let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let redis: Redis;
let prefix: string;
let queues: Queues;
let certs: TestCertificates;
let prober: ServiceProcess;
let task: SchedulerTask;
let projectId: string;
const servers: (http.Server | https.Server)[] = [];
let plainBase: string;
let tlsBase: string;

const handler: http.RequestListener = (req, res) => {
  if (req.url === '/fail') res.statusCode = 500;
  res.end(req.url === '/fail' ? 'broken' : 'all good');
};

function listen(server: http.Server | https.Server): Promise<number> {
  servers.push(server);
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 3 });
  pool = createPgPool(db.url, 2);
  redis = createRedis(testRedisUrl(), 'producer');
  prefix = testRedisPrefix();
  queues = new Queues(redis, prefix);
  certs = createTestCertificates();
  plainBase = `http://127.0.0.1:${await listen(http.createServer(handler))}`;
  const shortLived = certs.leaf({ days: 5 });
  tlsBase = `https://localhost:${await listen(https.createServer({ cert: shortLived.cert, key: shortLived.key }, handler))}`;
  projectId = (await makeProject(prisma)).id;
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
  task = createProbeSchedulerTask({ config, logger: createLogger({ service: 'scheduler', level: 'silent' }), pool, queues });
  prober = await startService('prober', {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    // How an operator trusts a private CA; the test CA signs the HTTPS server's certificate.
    NODE_EXTRA_CA_CERTS: certs.caPath,
    PROBER_USER_AGENT: 'upmon-pipeline/1',
    LOG_LEVEL: 'warn',
  });
});

afterAll(async () => {
  const code = await prober?.stop();
  expect(code).toBe(0);
  await queues?.close();
  redis?.disconnect();
  for (const s of servers) await new Promise((r) => s.close(r));
  await prisma?.$disconnect();
  await pool?.end();
  await db?.drop();
  await dropRedisPrefix(prefix);
  certs?.cleanup();
});

async function waitForPings(ids: string[], count: number): Promise<void> {
  const recorded = async () => {
    const n = await prisma.ping.groupBy({ by: ['checkId'], where: { checkId: { in: ids } }, _count: true });
    return n.length === ids.length && n.every((g) => g._count >= count);
  };
  await eventually(recorded, 60_000, `${count} pings of each check`).catch((e: Error) => {
    throw new Error(`${e.message}\n${prober.output()}`);
  });
}

async function bodies(checkId: string): Promise<string[]> {
  const rows = await prisma.ping.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
  return rows.map((r) => `${r.type} ${r.method} ${r.userAgent} ${r.body ? openPingBody(checkId, r.body) : ''}`);
}

it('scheduled probes run in the prober and drive the checks: up, late → down, certificate warning', async () => {
  const ok = await makeHttpCheck(prisma, projectId, { url: `${plainBase}/ok` });
  const failing = await makeHttpCheck(prisma, projectId, { url: `${plainBase}/fail`, confirmations: 2 });
  const expiring = await makeHttpCheck(prisma, projectId, { url: `${tlsBase}/ok`, ssl_days_before: 7, method: 'HEAD' });
  const paused = await makeHttpCheck(prisma, projectId, { url: `${plainBase}/ok` }, { status: 'paused' });
  const ids = [ok.id, failing.id, expiring.id];

  expect(await task.runOnce(new Date())).toBe(3);
  await waitForPings(ids, 1);
  const status = async (id: string) => (await prisma.check.findUniqueOrThrow({ where: { id } })).status;
  expect(await status(ok.id)).toBe('up');
  expect(await status(failing.id)).toBe('late');
  expect(await status(expiring.id)).toBe('late');
  expect(await bodies(ok.id)).toEqual(['success GET upmon-pipeline/1 HTTP 200']);
  expect(await bodies(failing.id)).toEqual(['fail GET upmon-pipeline/1 HTTP 500 (expected 2xx,3xx)']);
  expect((await bodies(expiring.id))[0]).toMatch(/^success HEAD upmon-pipeline\/1 HTTP 200, certificate expires \d{4}-\d{2}-\d{2} \(in [45] days\)$/);

  // The next round, one period later: the second failure reaches confirmations.
  expect(await task.runOnce(new Date(Date.now() + 61_000))).toBe(3);
  await waitForPings(ids, 2);
  expect(await status(failing.id)).toBe('down');
  expect(await status(ok.id)).toBe('up');
  const flips = await prisma.flip.findMany({ where: { checkId: failing.id }, orderBy: { id: 'asc' } });
  expect(flips.map((f) => `${f.oldStatus}->${f.newStatus}:${f.reason}`)).toEqual(['new->late:fail', 'late->down:fail']);
  // new → late notifies nobody (written fanned out); late → down waits for the notifier's fan-out.
  expect(flips.map((f) => f.fannedOutAt === null)).toEqual([false, true]);
  expect(await prisma.ping.count({ where: { checkId: paused.id } })).toBe(0);
});
