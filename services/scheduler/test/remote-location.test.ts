import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSchedulerConfig } from '@upmon/config';
import { createCipher } from '@upmon/crypto';
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { createFlipMetrics, createMetricsRegistry } from '@upmon/metrics';
import { Queues, locationAclRules, probeResultsQueueName } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import {
  TEST_ENCRYPTION_KEY,
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeHttpCheck,
  makeProject,
  startService,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { startRemoteResultConsumers } from '../src/remote-results.js';
import { createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import type { SchedulerTask } from '../src/task.js';

// A remote location (docs/locations.md, "Results of remote locations"): the BUILT prober (run
// `pnpm build` first) with PROBER_RESULTS=queue, no DATABASE_URL and no encryption key, logged in to
// Redis as the location's ACL user, probes the jobs of eu-central; the scheduler's consumer records
// its results through check-store.
let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let redis: Redis;
let workerRedis: Redis;
let admin: Redis;
let prefix: string;
let queues: Queues;
let prober: ServiceProcess;
let task: SchedulerTask;
let consumers: { close(): Promise<void> };
let projectId: string;
let server: http.Server;
let base: string;
const user = `upmon-test-loc-remote-${randomBytes(4).toString('hex')}`;
const password = randomBytes(16).toString('hex');

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 3 });
  pool = createPgPool(db.url, 3);
  redis = createRedis(testRedisUrl(), 'producer');
  workerRedis = createRedis(testRedisUrl(), 'worker');
  admin = new Redis(testRedisUrl());
  prefix = testRedisPrefix();
  queues = new Queues(redis, prefix);
  server = http.createServer((req, res) => {
    if (req.url === '/fail') res.statusCode = 500;
    res.end(req.url === '/fail' ? 'broken' : 'all good');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  projectId = (await makeProject(prisma)).id;
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, PUBLIC_LOCATIONS: 'eu-central', ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
  const config = loadSchedulerConfig(env);
  const logger = createLogger({ service: 'scheduler', level: 'silent' });
  const cipher = createCipher(config.encryptionKeys);
  task = createProbeSchedulerTask({ config, logger, pool, queues, cipher });
  consumers = startRemoteResultConsumers({
    pool,
    cipher,
    connection: workerRedis,
    prefix,
    publicLocations: config.publicLocations,
    flipMetrics: createFlipMetrics(createMetricsRegistry()),
    logger,
  });
  await admin.call('ACL', 'SETUSER', user, 'reset', 'on', `>${password}`, ...locationAclRules(prefix, 'eu-central'));
  const url = new URL(testRedisUrl());
  url.username = user;
  url.password = password;
  prober = await startService('prober', {
    REDIS_URL: url.toString(),
    REDIS_PREFIX: prefix,
    PROBER_RESULTS: 'queue',
    PROBER_LOCATION: 'eu-central',
    PUBLIC_LOCATIONS: 'eu-central',
    // Unset: a remote prober holds no database address and no encryption key.
    ENCRYPTION_KEY: '',
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    PROBER_USER_AGENT: 'upmon-remote/1',
    LOG_LEVEL: 'warn',
  });
}, 60_000);

afterAll(async () => {
  const code = await prober?.stop();
  expect(code).toBe(0);
  await consumers?.close();
  await queues?.close();
  await admin?.call('ACL', 'DELUSER', user);
  admin?.disconnect();
  redis?.disconnect();
  workerRedis?.disconnect();
  await new Promise((r) => server?.close(r));
  await prisma?.$disconnect();
  await pool?.end();
  await db?.drop();
  await dropRedisPrefix(prefix);
});

const locationsOf = async (checkId: string) =>
  (
    await pool.query<{ location: string; status: string; failures_in_row: number }>(
      'SELECT location, status, failures_in_row FROM check_locations WHERE check_id = $1',
      [checkId],
    )
  ).rows;
const pingCount = (checkId: string) => prisma.ping.count({ where: { checkId } });

it("a prober without PostgreSQL probes eu-central's jobs; the scheduler's consumer records the results once", async () => {
  const ok = await makeHttpCheck(prisma, projectId, { url: `${base}/ok` });
  const failing = await makeHttpCheck(prisma, projectId, { url: `${base}/fail` });

  expect(await task.runOnce(new Date())).toBe(2);
  await eventually(async () => (await pingCount(ok.id)) === 1 && (await pingCount(failing.id)) === 1, 15_000, 'both results recorded').catch((e: Error) => {
    throw new Error(`${e.message}\n${prober.output()}`);
  });
  expect(await locationsOf(ok.id)).toEqual([{ location: 'eu-central', status: 'up', failures_in_row: 0 }]);
  expect(await locationsOf(failing.id)).toEqual([{ location: 'eu-central', status: 'failing', failures_in_row: 1 }]);
  const status = async (id: string) => (await prisma.check.findUniqueOrThrow({ where: { id } })).status;
  expect(await status(ok.id)).toBe('up');
  expect(await status(failing.id)).toBe('late');
  const flips = await prisma.flip.findMany({ where: { checkId: failing.id } });
  expect(flips.map((f) => `${f.oldStatus}->${f.newStatus}:${f.reason}:${JSON.stringify(f.locations)}`)).toEqual(['new->late:fail:["eu-central"]']);
  const ping = await prisma.ping.findFirstOrThrow({ where: { checkId: ok.id } });
  expect(ping.userAgent).toBe('upmon-remote/1');

  // The same result delivered again (as after a consumer crash between its commit and the job's
  // completion) counts once: no second ping, the failure not counted twice.
  const results = new Queue(probeResultsQueueName('eu-central'), { connection: redis, prefix });
  try {
    const [done] = await results.getJobs(['completed']);
    const again = await results.add('probe-results', done!.data, { jobId: 'redelivered' });
    await eventually(async () => (await again.getState()) === 'completed', 10_000, 'the redelivered result consumed');
  } finally {
    await results.close();
  }
  expect((await pingCount(ok.id)) + (await pingCount(failing.id))).toBe(2);
  expect(await locationsOf(failing.id)).toEqual([{ location: 'eu-central', status: 'failing', failures_in_row: 1 }]);
});
