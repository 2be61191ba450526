import { loadApiConfig } from '@upmon/config';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { RunningService } from '@upmon/service-kit';
import { createTestDatabase, dropRedisPrefix, freePort, testRedisPrefix, testRedisUrl, TEST_ENCRYPTION_KEY, type TestDatabase } from '@upmon/testing';
import { startApi } from '../../src/start-api.js';

export interface BrowserApi {
  db: TestDatabase;
  prisma: PrismaClient;
  /** http://127.0.0.1:<port>: the app, the ping URLs and APP_BASE_URL at once. */
  base: string;
  /** The api's environment, for other services started beside it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The whole api (web app, REST API, ping receiver) in this process on a free port, on a database
 * and Redis prefix of its own, for the browser tests: pages, pings and alert links share one origin.
 */
export async function startBrowserApi(extraEnv: Record<string, string> = {}): Promise<BrowserApi> {
  const db = await createTestDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  const prefix = testRedisPrefix();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    APP_BASE_URL: base,
    PING_DOMAINS: base,
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let api: RunningService | undefined;
  try {
    api = await startApi(
      loadApiConfig({ ...env, API_PORT: String(port), API_METRICS_PORT: String(await freePort()) }),
      createLogger({ service: 'api', level: 'warn' }),
    );
  } catch (err) {
    await prisma.$disconnect();
    await db.drop();
    throw err;
  }
  return {
    db,
    prisma,
    base,
    env,
    async close() {
      await api?.stop();
      await prisma.$disconnect();
      await db.drop();
      await dropRedisPrefix(prefix);
    },
  };
}
