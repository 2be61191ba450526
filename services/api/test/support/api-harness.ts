import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { loadApiConfig, type ApiConfig } from '@upmon/config';
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import type pg from 'pg';
import { createLogger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { createRedis, type Clock } from '@upmon/service-kit';
import { createTestDatabase, dropRedisPrefix, testRedisPrefix, testRedisUrl, TEST_ENCRYPTION_KEY, type TestDatabase } from '@upmon/testing';
import { createMailer } from '@upmon/mailer';
import { createCipher } from '@upmon/crypto';
import { createFlipMetrics, Registry } from '@upmon/metrics';
import { createApp } from '../../src/app.js';
import { createRemoteProbers } from '../../src/v1/prober/remote-probers.js';
import { assertMatchesOpenApi } from './openapi-validator.js';

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface ApiServer {
  url: string;
  config: ApiConfig;
  redis: Redis;
  queues: Queues;
  server: Server;
  close(): Promise<void>;
}

export interface Harness {
  db: TestDatabase;
  prisma: PrismaClient;
  /** The app's raw pg pool (the read hot paths and the key lookup). */
  pool: pg.Pool;
  prefix: string;
  api: ApiServer;
  /** Everything the app logged (JSON lines). */
  logs: string[];
  /** Calls /api/v1<path> and checks the response against the OpenAPI document. */
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<ApiResponse<T>>;
  /** Another app instance on the same database and Redis prefix (a second API replica). */
  startReplica(): Promise<ApiServer>;
  /** Forgets every rate-limit budget (so tests that create many checks do not hit 10/min). */
  resetRateLimits(): Promise<void>;
  close(): Promise<void>;
}

export const PING_DOMAINS = ['http://ping-a.test', 'https://ping-b.test:8443'];

async function startApiServer(
  dbUrl: string,
  prisma: PrismaClient,
  pool: pg.Pool,
  prefix: string,
  logs: string[],
  env: Record<string, string>,
  clock: Clock,
): Promise<ApiServer> {
  const config = loadApiConfig({
    DATABASE_URL: dbUrl,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PING_DOMAINS: PING_DOMAINS.join(','),
    TELEGRAM_LINK_BASE: 'https://t.example',
    TELEGRAM_BOT_USERNAME: 'upmon_test_bot',
    LOG_LEVEL: 'info',
    ...env,
  });
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const logger = createLogger({ service: 'api', level: 'info', destination: sink });
  const redis = createRedis(config.redisUrl, 'producer');
  // Producer connections refuse commands until connected; tests start once Redis is usable.
  if (redis.status !== 'ready') await new Promise((r) => redis.once('ready', r));
  const queues = new Queues(redis, prefix);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.emailFrom, timeoutMs: 5_000 });
  const flipMetrics = createFlipMetrics(new Registry());
  const workerRedis = createRedis(config.redisUrl, 'worker');
  const remoteProbers = createRemoteProbers({ workerRedis, redis, prefix, pool, cipher: createCipher(config.encryptionKeys), flipMetrics });
  const app = createApp({
    config,
    logger,
    prisma,
    pool,
    redis,
    queues,
    mailer,
    clock,
    readiness: {},
    isShuttingDown: () => false,
    flipMetrics,
    remoteProbers,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // As start-api.ts sets it: node's default of 5 s races fetch's reuse of an idle connection (4 s)
  // when a busy machine delays both timers, and the request then fails with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    config,
    redis,
    queues,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await queues.close();
      await remoteProbers.close();
      workerRedis.disconnect();
      mailer.close();
      // A test may have disconnected it already; disconnecting an ended client arms a 2 s timer.
      if (redis.status !== 'end') redis.disconnect();
    },
  };
}

export async function callApi<T = any>(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    expectJsonContentType(res, method, path);
    parsed = JSON.parse(text);
  }
  assertMatchesOpenApi(method, path.split('?')[0] as string, res.status, parsed, text);
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

function expectJsonContentType(res: Response, method: string, path: string): void {
  const ct = res.headers.get('content-type') ?? '';
  if (!ct.startsWith('application/json')) throw new Error(`${method} ${path}: content-type ${ct}, expected JSON`);
}

/** A fresh database, Redis prefix and in-process API server on an ephemeral port. */
export async function startHarness(env: Record<string, string> = {}, clock: Clock = { now: () => new Date() }): Promise<Harness> {
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 4 });
  const pool = createPgPool(db.url, 4);
  const prefix = testRedisPrefix();
  const logs: string[] = [];
  const api = await startApiServer(db.url, prisma, pool, prefix, logs, env, clock);
  const replicas: ApiServer[] = [];
  return {
    db,
    prisma,
    pool,
    prefix,
    api,
    logs,
    call: (method, path, opts) => callApi(api.url, method, path, opts),
    async startReplica() {
      const r = await startApiServer(db.url, prisma, pool, prefix, logs, env, clock);
      replicas.push(r);
      return r;
    },
    async resetRateLimits() {
      // On the app's own connection: a new connection per test is slow on a loaded machine.
      const keys = await api.redis.keys(`${prefix}:ratelimit:*`);
      if (keys.length) await api.redis.del(...keys);
    },
    async close() {
      for (const r of replicas) await r.close();
      await api.close();
      await prisma.$disconnect();
      await pool.end();
      await db.drop();
      await dropRedisPrefix(prefix);
    },
  };
}

/** A minimal valid heartbeat check body. */
export function heartbeatBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'backup', grace_sec: 60, schedule: { kind: 'period', period_sec: 3600 }, ...overrides };
}
