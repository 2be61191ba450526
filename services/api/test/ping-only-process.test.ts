import { loadApiConfig } from '@upmon/config';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { RunningService } from '@upmon/service-kit';
import { createTestDatabase, dropRedisPrefix, freePort, makeCheck, makeProject, testRedisPrefix, testRedisUrl, TEST_ENCRYPTION_KEY, type TestDatabase } from '@upmon/testing';
import { startApi } from '../src/start-api.js';

let db: TestDatabase;
let prisma: PrismaClient;
let prefix: string;
let running: RunningService;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  prefix = testRedisPrefix();
  const port = await freePort();
  const config = loadApiConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    API_PORT: String(port),
    HTTP_HOST: '127.0.0.1',
  });
  running = await startApi(config, createLogger({ service: 'api-ping', level: 'silent' }), { pingOnly: true });
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await running.stop();
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
});

it('the ping-only process serves pings and health, and nothing else', async () => {
  const check = await makeCheck(prisma, (await makeProject(prisma)).id);
  const res = await fetch(`${url}/${check.id}`, { method: 'POST', body: 'done' });
  expect([res.status, await res.text()]).toEqual([200, 'OK']);
  expect((await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('up');
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect((await fetch(`${url}/api/v1/checks`)).status).toBe(404);
});
