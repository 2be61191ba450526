// Needs `pnpm build` first: the scheduler runs as a real process so it can be SIGKILLed mid-batch.
import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import { createTestDatabase, dropRedisPrefix, eventually, makeProject, startService, testRedisPrefix, testRedisUrl, type TestDatabase } from '@upmon/testing';
import type pg from 'pg';
import { insertDueChecks } from './scheduler-support.js';

let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let prefix: string;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  pool = createPgPool(db.url, 3);
  prefix = testRedisPrefix();
});

afterAll(async () => {
  await pool.end();
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
});

const count = async (sql: string) => (await pool.query<{ n: number }>(sql)).rows[0]!.n;

it('a scheduler killed mid-batch loses and duplicates nothing', async () => {
  const N = 20_000;
  const project = await makeProject(prisma);
  // Deadlines 5 s ago: every check is due up -> late now; the down deadlines are a minute away.
  await insertDueChecks(pool, project.id, N, new Date(Date.now() - 65_000));
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, SCHEDULER_BATCH_SIZE: '100', LOG_LEVEL: 'warn' };

  const first = await startService('scheduler', env);
  await eventually(async () => (await count('SELECT count(*)::int AS n FROM flips')) >= 1000, 60_000, 'some flips');
  expect(await first.stop('SIGKILL')).toBeNull();

  // Whatever the killed process committed is consistent: one late flip per late check.
  const flipsAtKill = await count('SELECT count(*)::int AS n FROM flips');
  expect(flipsAtKill).toBeLessThan(N);
  expect(await count(`SELECT count(*)::int AS n FROM checks WHERE status = 'late'`)).toBe(flipsAtKill);

  const second = await startService('scheduler', env);
  try {
    await eventually(async () => (await count(`SELECT count(*)::int AS n FROM checks WHERE status = 'late'`)) === N, 60_000, 'every deadline applied');
    const { rows } = await pool.query(`SELECT count(*)::int AS flips, count(DISTINCT check_id)::int AS checks FROM flips`);
    expect(rows[0]).toEqual({ flips: N, checks: N });
    // All of them wait for the notifier (none runs here): the kill lost none of them.
    expect(await count('SELECT count(*)::int AS n FROM flips WHERE fanned_out_at IS NULL')).toBe(N);
  } finally {
    expect(await second.stop('SIGTERM')).toBe(0);
  }
});
