import { createPgPool, createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeCheck,
  makeProject,
  producerQueues,
  startTcpProxy,
  testRedisPrefix,
  testRedisUrl,
  type TestDatabase,
} from '@upmon/testing';
import { createFlipMetrics, Registry, type FlipMetrics } from '@upmon/metrics';
import type pg from 'pg';
import { createDeadlineScannerTask } from '../src/tasks/deadline-scanner.js';
import { insertDueChecks, schedulerDeps } from './scheduler-support.js';

let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let prefix: string;
let redisQ: ReturnType<typeof producerQueues>;
let projectId: string;

const T = new Date('2026-05-01T10:00:00.000Z');
const at = (sec: number) => new Date(T.getTime() + sec * 1000);
const clockAt = (d: Date) => ({ now: () => d });

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  pool = createPgPool(db.url, 6);
  prefix = testRedisPrefix();
  redisQ = producerQueues(testRedisUrl(), prefix);
  projectId = (await makeProject(prisma)).id;
});

afterAll(async () => {
  await redisQ.close();
  await pool.end();
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
});

const scanner = (opts: { batchSize?: number; pool?: pg.Pool; queues?: ReturnType<typeof producerQueues>['queues']; flipMetrics?: FlipMetrics } = {}) =>
  createDeadlineScannerTask(
    schedulerDeps({
      dbUrl: db.url,
      prisma,
      pool: opts.pool ?? pool,
      queues: opts.queues ?? redisQ.queues,
      prefix,
      clock: clockAt(T),
      batchSize: opts.batchSize,
      flipMetrics: opts.flipMetrics,
    }),
  );
const flipsOf = (checkId: string) => prisma.flip.findMany({ where: { checkId }, orderBy: { id: 'asc' } });

describe('deadline scanner', () => {
  it('applies passed deadlines, stamps flips with their deadlines, leaves the rest alone', async () => {
    const up = await makeCheck(prisma, projectId, { status: 'up', lastPingAt: at(-70), nextDeadlineAt: at(-10) });
    const behind = await makeCheck(prisma, projectId, { status: 'up', lastPingAt: at(-500), nextDeadlineAt: at(-440) });
    const late = await makeCheck(prisma, projectId, { status: 'late', lastPingAt: at(-130), nextDeadlineAt: at(-10) });
    const running = await makeCheck(prisma, projectId, { status: 'new', lastStartAt: at(-61), nextDeadlineAt: at(-1) });
    const notYet = await makeCheck(prisma, projectId, { status: 'up', lastPingAt: at(-30), nextDeadlineAt: at(30) });
    const fresh = await makeCheck(prisma, projectId);

    const registry = new Registry();
    const task = scanner({ flipMetrics: createFlipMetrics(registry) });
    expect(await task.runOnce(T)).toBe(4);
    expect((await flipsOf(up.id)).map((f) => [f.oldStatus, f.newStatus, f.reason, f.ts.toISOString()])).toEqual([
      ['up', 'late', 'timeout', at(-10).toISOString()],
    ]);
    expect((await prisma.check.findUniqueOrThrow({ where: { id: up.id } })).nextDeadlineAt).toEqual(at(50));
    expect((await flipsOf(behind.id)).map((f) => [f.newStatus, f.ts.toISOString()])).toEqual([
      ['late', at(-440).toISOString()],
      ['down', at(-380).toISOString()],
    ]);
    expect((await flipsOf(late.id)).map((f) => [f.oldStatus, f.newStatus])).toEqual([['late', 'down']]);
    expect((await flipsOf(running.id)).map((f) => [f.oldStatus, f.newStatus, f.ts.toISOString()])).toEqual([['new', 'down', at(-1).toISOString()]]);
    expect(await flipsOf(notYet.id)).toEqual([]);
    expect(await flipsOf(fresh.id)).toEqual([]);
    expect(await task.runOnce(T)).toBe(0);
    expect((await task.nextDueAt!())?.toISOString()).toBe(at(30).toISOString());
    // Every timeout notifies, so all five wait for the notifier's fan-out.
    expect(await prisma.flip.count({ where: { fannedOutAt: null } })).toBe(5);
    // Counted once committed, with their lag behind the deadline (the clock says T at commit):
    // up 10 s, behind 440 s and 380 s, late 10 s, running 1 s.
    const text = await registry.metrics();
    expect(text).toContain('upmon_flips_total{reason="timeout"} 5');
    expect(text).toContain('upmon_deadline_lag_seconds_count 5');
    expect(text).toContain('upmon_deadline_lag_seconds_sum 841');
    await prisma.check.deleteMany({});
  });

  it('a schedule that cannot be evaluated is looked at again 5 min later, through the state machine each time', async () => {
    // A deadline not computed from the schedule (e.g. set by hand) on a check whose cron is broken.
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO checks (id, project_id, name, schedule_kind, cron, grace_sec, status, last_ping_at, next_deadline_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'broken', 'cron', 'not a cron', 60, 'up', $2, $3::timestamptz + interval '250 microseconds', now()) RETURNING id`,
      [projectId, at(-70).toISOString(), at(-10).toISOString()],
    );
    const id = rows[0]!.id;
    const deadline = async () =>
      (await pool.query<{ d: string }>(`SELECT to_char(next_deadline_at AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS d FROM checks WHERE id = $1`, [id])).rows[0]!.d;
    const task = scanner();
    expect(await task.runOnce(T)).toBe(1);
    expect(await deadline()).toBe('10:05:00.000001');
    expect(await task.runOnce(at(301))).toBe(1);
    expect(await deadline()).toBe('10:10:01.000001');
    expect(await flipsOf(id)).toEqual([]);
    expect((await prisma.check.findUniqueOrThrow({ where: { id } })).status).toBe('up');
    await prisma.check.deleteMany({});
  });

  it('two schedulers at once: exactly one flip per deadline', async () => {
    await insertDueChecks(pool, projectId, 3000, at(-65));
    const poolB = createPgPool(db.url, 3);
    try {
      const a = scanner({ batchSize: 100 });
      const b = scanner({ batchSize: 100, pool: poolB });
      const drive = async (t: ReturnType<typeof scanner>) => {
        let total = 0;
        for (let n = await t.runOnce(T); n > 0; n = await t.runOnce(T)) total += n;
        return total;
      };
      const [na, nb] = await Promise.all([drive(a), drive(b)]);
      expect(na + nb).toBe(3000);
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
      const { rows } = await pool.query(`SELECT count(*)::int AS flips, count(DISTINCT check_id)::int AS checks, min(ts) = max(ts) AS same_ts FROM flips`);
      expect(rows[0]).toEqual({ flips: 3000, checks: 3000, same_ts: true });
    } finally {
      await poolB.end();
      await pool.query('DELETE FROM checks');
    }
  });

  it('needs no Redis: with Redis unreachable, timeouts are committed and wait in PostgreSQL for the notifier', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(testRedisUrl()).port || 6379) }, { cut: true });
    const viaProxy = producerQueues(proxy.url, prefix); // cut: nothing answers
    try {
      const check = await makeCheck(prisma, projectId, { status: 'up', lastPingAt: at(-70), nextDeadlineAt: at(-10) });
      expect(await scanner({ queues: viaProxy.queues }).runOnce(T)).toBe(1);
      expect(await flipsOf(check.id)).toMatchObject([{ newStatus: 'late', fannedOutAt: null }]);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });
});
