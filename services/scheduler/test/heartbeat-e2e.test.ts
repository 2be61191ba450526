// End to end with the real, built services (`pnpm build` first): a check created through the REST
// API is pinged through its ping URL, goes late then down on time, and recovers on the next ping.
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeProjectWithKeys,
  PATIENCE_MS,
  startService,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';
import type pg from 'pg';

let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let prefix: string;
let api: ServiceProcess;
let scheduler: ServiceProcess;
let key: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  pool = createPgPool(db.url, 2);
  prefix = testRedisPrefix();
  key = (await makeProjectWithKeys(prisma, 'pro')).rwKey;
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  [api, scheduler] = await Promise.all([startService('api', env), startService('scheduler', { ...env, SCHEDULER_IDLE_INTERVAL_MS: '200' })]);
});

afterAll(async () => {
  const codes = await Promise.all([api?.stop(), scheduler?.stop()]);
  await pool.end();
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
  expect(codes).toEqual([0, 0]);
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

it('created via the API, pinged, late then down on time, recovers on the next ping', async () => {
  const created = await call('POST', '/checks', { name: 'nightly', grace_sec: 60, schedule: { kind: 'period', period_sec: 60 } });
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  expect(created.body.data.status).toBe('new');

  const ping = await fetch(`${api.url}/${id}`);
  expect([ping.status, await ping.text()]).toEqual([200, 'OK']);
  expect((await call('GET', `/checks/${id}`)).body.data.status).toBe('up');

  // The API's minimum period is 60 s: shorten this check's schedule in the database to 2 s + 2 s
  // grace so the test takes seconds, keeping the deadline the state machine computed.
  await pool.query(`UPDATE checks SET period_sec = 2, grace_sec = 2, next_deadline_at = last_ping_at + interval '2 seconds' WHERE id = $1`, [id]);
  const { rows } = await pool.query<{ lp: Date }>(`SELECT last_ping_at AS lp FROM checks WHERE id = $1`, [id]);
  const lastPing = rows[0]!.lp.getTime();

  await eventually(async () => (await call('GET', `/checks/${id}`)).body.data.status === 'down', PATIENCE_MS, 'the check down');

  const flips = (await call('GET', `/checks/${id}/flips`)).body.data as { ts: string; old_status: string; new_status: string; reason: string }[];
  expect(flips.map((f) => [f.old_status, f.new_status, f.reason])).toEqual([
    ['late', 'down', 'timeout'],
    ['up', 'late', 'timeout'],
    ['new', 'up', 'ping'],
  ]);
  // Timeout flips carry their deadlines (ms precision in JS), recorded soon after them.
  expect(Math.abs(Date.parse(flips[1]!.ts) - (lastPing + 2000))).toBeLessThanOrEqual(1);
  expect(Math.abs(Date.parse(flips[0]!.ts) - (lastPing + 4000))).toBeLessThanOrEqual(1);
  expect(flips[0]!.ts).toMatch(/\+00:00$/);
  const lag = await pool.query<{ lag: number }>(
    `SELECT max(extract(epoch FROM created_at - ts))::float AS lag FROM flips WHERE check_id = $1 AND reason = 'timeout'`,
    [id],
  );
  // A round every 100 ms: on a quiet machine within a fraction of a second; a busy one may delay a round by seconds.
  expect(lag.rows[0]!.lag).toBeLessThan(5);

  expect((await fetch(`${api.url}/${id}`)).status).toBe(200);
  expect((await call('GET', `/checks/${id}`)).body.data.status).toBe('up');
  const after = (await call('GET', `/checks/${id}/flips`)).body.data;
  expect([after[0].old_status, after[0].new_status, after[0].reason]).toEqual(['down', 'up', 'ping']);
});
