import { loadNotifierConfig } from '@upmon/config';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { createRedis, systemClock, type Clock, type RunningService } from '@upmon/service-kit';
import {
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  freePort,
  PATIENCE_MS,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type TestDatabase,
} from '@upmon/testing';
import { startNotifier } from '../../src/start-notifier.js';

export interface Harness {
  db: TestDatabase;
  prefix: string;
  prisma: PrismaClient;
  queues: Queues;
  /** The notifier's environment (for spawning it as a process). */
  env: Record<string, string>;
  /** Starts the notifier in this process with `env` (plus overrides) and `clock`. */
  start(overrides?: Record<string, string>, clock?: Clock): Promise<RunningService>;
  /** Waits until no flip waits for the fan-out and the deliveries queue is idle, so "nothing was sent" is a real observation. */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A database, a Redis prefix, a producer and a notifier factory for one test file. */
export async function createHarness(envOverrides: Record<string, string> = {}): Promise<Harness> {
  const db = await createTestDatabase();
  const prefix = testRedisPrefix();
  const prisma = createPrismaClient(db.url, { poolSize: 4 });
  const redis = createRedis(testRedisUrl(), 'producer');
  const queues = new Queues(redis, prefix);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    NOTIFIER_RETRY_BASE_MS: '100',
    // The services' defaults: a shorter delivery timeout or stall timeout turns a delivery slowed by a
    // busy machine into a retry, which the receiver then sees twice (at-least-once, as documented).
    // Tests about those timeouts set them themselves.
    NOTIFIER_HTTP_TIMEOUT_MS: '10000',
    NOTIFIER_STALL_TIMEOUT_MS: '30000',
    NOTIFIER_CONCURRENCY: '20',
    NOTIFIER_FAN_OUT_POLL_MS: '200',
    DATABASE_POOL_SIZE: '5',
    APP_BASE_URL: 'https://upmon.test',
    ...envOverrides,
  };
  const running: RunningService[] = [];
  return {
    db,
    prefix,
    prisma,
    queues,
    env,
    async start(overrides = {}, clock = systemClock) {
      const config = loadNotifierConfig({ ...env, NOTIFIER_PORT: String(await freePort()), ...overrides });
      const svc = await startNotifier(config, createLogger({ service: 'notifier-test', level: config.logLevel }), clock);
      const wrapped: RunningService = {
        stop: async () => {
          const i = running.indexOf(wrapped);
          if (i >= 0) running.splice(i, 1);
          await svc.stop();
        },
      };
      running.push(wrapped);
      return wrapped;
    },
    async settle(timeoutMs = PATIENCE_MS) {
      await eventually(async () => {
        const [waiting, d] = await Promise.all([
          prisma.flip.count({ where: { fannedOutAt: null } }),
          queues.queue('deliveries').getJobCounts('waiting', 'active', 'delayed'),
        ]);
        return waiting === 0 && Object.values(d).every((n) => n === 0);
      }, timeoutMs);
    },
    async close() {
      for (const s of [...running]) await s.stop();
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
      await db.drop();
      await dropRedisPrefix(prefix);
    },
  };
}

/** Provider settings pointing every fixed-host provider at a recording server (`baseUrl`), with test credentials. */
export function recordingProviderEnv(baseUrl: string): Record<string, string> {
  return {
    PAGERDUTY_EVENTS_URL: `${baseUrl}/pagerduty/v2/enqueue`,
    TWILIO_API_BASE: `${baseUrl}/twilio`,
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'twilio-secret',
    TWILIO_FROM: '+15550000000',
    TELEGRAM_API_BASE: `${baseUrl}/telegram`,
    TELEGRAM_BOT_TOKEN: '12345:bot-token',
    OPSGENIE_API_URL: `${baseUrl}/opsgenie`,
    OPSGENIE_EU_API_URL: `${baseUrl}/opsgenie-eu`,
    VICTOROPS_REST_URL: `${baseUrl}/victorops/alert`,
    PUSHOVER_API_URL: `${baseUrl}/pushover/1`,
  };
}
