import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSchedulerConfig } from '@upmon/config';
import { createCipher } from '@upmon/crypto';
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { createFlipMetrics, createMetricsRegistry } from '@upmon/metrics';
import { Queues, locationAclRules } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import {
  TEST_ENCRYPTION_KEY,
  createTestDatabase,
  eventually,
  makeHttpCheck,
  makeProject,
  startService,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';
import { Redis, type RedisOptions } from 'ioredis';
import type pg from 'pg';
import { startRemoteResultConsumers } from '../src/remote-results.js';
import { createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import type { SchedulerTask } from '../src/task.js';

/** The Redis both sides meet on: the system one over plain TCP, or one over TLS (remote-location-tls.test.ts). */
export interface LocationRedis {
  /** The default user's URL, for the scheduler's side and the admin. */
  url: string;
  /** ioredis options of the scheduler's (in-process) clients: a TLS CA, say. */
  clientOptions: RedisOptions;
  /** REDIS_URL of the prober: `url` logged in as the location's ACL user. */
  urlFor(user: string, password: string): string;
  /** More variables of the prober's environment (NODE_EXTRA_CA_CERTS, say). */
  proberEnv: Record<string, string>;
}

/**
 * A remote location (docs/locations.md, "Results of remote locations") as an operator runs it: the
 * scheduler's side in this process (the probe scheduler task and the results consumer) and the
 * BUILT prober (run `pnpm build` first) with PROBER_RESULTS=queue, no DATABASE_URL and no
 * encryption key, logged in to Redis as eu-central's ACL user; a local HTTP server to probe
 * (`/fail` answers 500). `close()` undoes everything that was started, also after a failed start.
 */
export interface RemoteLocation {
  prisma: PrismaClient;
  pool: pg.Pool;
  /** The scheduler's producer connection. */
  redis: Redis;
  prefix: string;
  task: SchedulerTask;
  prober: ServiceProcess;
  projectId: string;
  /** The HTTP server to probe. */
  base: string;
  /** The prober's environment (start another prober with variations of it). */
  proberEnv: Record<string, string>;
  /** Stops the prober (expecting exit code 0) and closes everything else. */
  close(): Promise<void>;
}

export async function startRemoteLocation(locationRedis: LocationRedis, prefix: string): Promise<RemoteLocation> {
  const cleanups: (() => unknown)[] = [];
  const close = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((err: unknown) => errors.push(err));
    if (errors.length) throw errors[0];
  };
  try {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const prisma = createPrismaClient(db.url, { poolSize: 3 });
    cleanups.push(() => prisma.$disconnect());
    const pool = createPgPool(db.url, 3);
    cleanups.push(() => pool.end());
    const redis = createRedis(locationRedis.url, 'producer', locationRedis.clientOptions);
    cleanups.push(() => redis.disconnect());
    const workerRedis = createRedis(locationRedis.url, 'worker', locationRedis.clientOptions);
    cleanups.push(() => workerRedis.disconnect());
    const admin = new Redis(locationRedis.url, locationRedis.clientOptions);
    cleanups.push(() => admin.disconnect());
    const queues = new Queues(redis, prefix);
    cleanups.push(() => queues.close());
    const server = http.createServer((req, res) => {
      if (req.url === '/fail') res.statusCode = 500;
      res.end(req.url === '/fail' ? 'broken' : 'all good');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => server.close(r)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const projectId = (await makeProject(prisma)).id;

    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: locationRedis.url,
      REDIS_PREFIX: prefix,
      PUBLIC_LOCATIONS: 'eu-central',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    };
    const config = loadSchedulerConfig(env);
    const logger = createLogger({ service: 'scheduler', level: 'silent' });
    const cipher = createCipher(config.encryptionKeys);
    const task = createProbeSchedulerTask({ config, logger, pool, queues, cipher });
    const consumers = startRemoteResultConsumers({
      pool,
      cipher,
      connection: workerRedis,
      prefix,
      publicLocations: config.publicLocations,
      flipMetrics: createFlipMetrics(createMetricsRegistry()),
      logger,
    });
    cleanups.push(() => consumers.close());

    const user = `upmon-test-loc-remote-${randomBytes(4).toString('hex')}`;
    const password = randomBytes(16).toString('hex');
    await admin.call('ACL', 'SETUSER', user, 'reset', 'on', `>${password}`, ...locationAclRules(prefix, 'eu-central'));
    cleanups.push(() => admin.call('ACL', 'DELUSER', user));
    const proberEnv = {
      REDIS_URL: locationRedis.urlFor(user, password),
      REDIS_PREFIX: prefix,
      PROBER_RESULTS: 'queue',
      PROBER_LOCATION: 'eu-central',
      PUBLIC_LOCATIONS: 'eu-central',
      // Unset: a remote prober holds no database address and no encryption key.
      ENCRYPTION_KEY: '',
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      PROBER_USER_AGENT: 'upmon-remote/1',
      LOG_LEVEL: 'warn',
      ...locationRedis.proberEnv,
    };
    const prober = await startService('prober', proberEnv);
    cleanups.push(async () => {
      const code = await prober.stop();
      if (code !== 0) throw new Error(`the prober exited with ${code}:\n${prober.output()}`);
    });
    return { prisma, pool, redis, prefix, task, prober, projectId, base, proberEnv, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

export const locationsOf = async (pool: pg.Pool, checkId: string) =>
  (
    await pool.query<{ location: string; status: string; failures_in_row: number }>(
      'SELECT location, status, failures_in_row FROM check_locations WHERE check_id = $1',
      [checkId],
    )
  ).rows;

/**
 * Two http checks, one up and one failing, probed once by the location's prober: both results are
 * recorded by the consumer, the failing one's flip names eu-central. Returns the checks' ids.
 */
export async function expectOneRoundRecorded(loc: RemoteLocation): Promise<{ ok: string; failing: string }> {
  const { prisma, pool } = loc;
  const pingCount = (checkId: string) => prisma.ping.count({ where: { checkId } });
  const ok = await makeHttpCheck(prisma, loc.projectId, { url: `${loc.base}/ok` });
  const failing = await makeHttpCheck(prisma, loc.projectId, { url: `${loc.base}/fail` });

  expect(await loc.task.runOnce(new Date())).toBe(2);
  await eventually(async () => (await pingCount(ok.id)) === 1 && (await pingCount(failing.id)) === 1, 60_000, 'both results recorded').catch((e: Error) => {
    throw new Error(`${e.message}\n${loc.prober.output()}`);
  });
  expect(await locationsOf(pool, ok.id)).toEqual([{ location: 'eu-central', status: 'up', failures_in_row: 0 }]);
  expect(await locationsOf(pool, failing.id)).toEqual([{ location: 'eu-central', status: 'failing', failures_in_row: 1 }]);
  const status = async (id: string) => (await prisma.check.findUniqueOrThrow({ where: { id } })).status;
  expect(await status(ok.id)).toBe('up');
  expect(await status(failing.id)).toBe('late');
  const flips = await prisma.flip.findMany({ where: { checkId: failing.id } });
  expect(flips.map((f) => `${f.oldStatus}->${f.newStatus}:${f.reason}:${JSON.stringify(f.locations)}`)).toEqual(['new->late:fail:["eu-central"]']);
  const ping = await prisma.ping.findFirstOrThrow({ where: { checkId: ok.id } });
  expect(ping.userAgent).toBe('upmon-remote/1');
  return { ok: ok.id, failing: failing.id };
}
