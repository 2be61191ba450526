import { loadApiConfig } from '@upmon/config';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { RunningService } from '@upmon/service-kit';
import {
  createTestDatabase,
  dropRedisPrefix,
  freePort,
  makeCheck,
  makeProject,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type TestDatabase,
} from '@upmon/testing';
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
    API_METRICS_PORT: String(await freePort()),
    HTTP_HOST: '127.0.0.1',
  });
  running = await startApi(config, createLogger({ service: 'api-ping', level: 'silent' }), { pingOnly: true });
  url = `http://127.0.0.1:${port}`;
});

let stopped = false;
afterAll(async () => {
  if (!stopped) await running.stop();
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

it('stops cleanly under load: pings in hand are answered, keep-alive connections do not hold it', async () => {
  const check = await makeCheck(prisma, (await makeProject(prisma)).id);
  const inFlight = Array.from({ length: 60 }, () => fetch(`${url}/${check.id}`).then((r) => r.status));
  await new Promise((r) => setTimeout(r, 20));
  const t0 = Date.now();
  stopped = true;
  await running.stop();
  // Keep-alive connections would hold a plain server.close() for the 65 s keep-alive; a busy machine
  // slows a clean stop by seconds at most.
  expect(Date.now() - t0).toBeLessThan(20_000);
  const statuses = await Promise.allSettled(inFlight);
  const answered = statuses.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value);
  // Requests accepted before the stop were answered OK and stored; later ones were refused (connection error).
  expect(answered.every((s) => s === 200)).toBe(true);
  const { count } = await prisma.ping.aggregate({ where: { checkId: check.id }, _count: true }).then((r) => ({ count: r._count }));
  expect(count).toBe(answered.length);
});
