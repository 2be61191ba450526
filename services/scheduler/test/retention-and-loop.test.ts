import type { PrismaClient } from '@upmon/db';
import { systemClock } from '@upmon/service-kit';
import { ManualClock, makeCheck, makeIntegration, makeMaintenanceWindow, makeProject, openTestStore, type TestDatabase, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { idleDelayMs, startTaskLoop } from '../src/task-loop.js';
import type { SchedulerTask } from '../src/task.js';
import { createRetentionPrunerTask } from '../src/tasks/retention-pruner.js';
import { schedulerDeps, silentLogger } from './scheduler-support.js';

describe('task loop', () => {
  // Time is a ManualClock: the rounds run at exact times, with no waiting.
  const opts = (clock: ManualClock) => ({ clock, logger: silentLogger, idleIntervalMs: 10_000, batchSize: 100 });

  it('idleDelayMs: until the next item, at most the idle interval', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(idleDelayMs(now, null, 1000)).toBe(1000);
    expect(idleDelayMs(now, new Date(now.getTime() + 250), 1000)).toBe(250);
    expect(idleDelayMs(now, new Date(now.getTime() + 5000), 1000)).toBe(1000);
    expect(idleDelayMs(now, new Date(now.getTime() - 5000), 1000)).toBe(0);
  });

  it('runs again at once after a full batch, then sleeps; stop wakes it', async () => {
    const clock = new ManualClock();
    const results = [100, 100, 100, 7];
    let calls = 0;
    const task: SchedulerTask = { name: 't', runOnce: async () => results[calls++] ?? 0 };
    const loop = startTaskLoop(task, opts(clock));
    await clock.advance(0);
    expect(calls).toBe(4); // four rounds back to back, no time passed
    expect(clock.wakeUps()).toEqual([new Date(clock.now().getTime() + 10_000)]); // then the idle interval
    await loop.stop(); // resolves with the clock standing still: woken, not the 10 s idle interval
    expect(calls).toBe(4);
    expect(clock.wakeUps()).toEqual([]);
  });

  it('wakes when the next item is due, sooner than the idle interval', async () => {
    const clock = new ManualClock();
    const start = clock.now().getTime();
    const times: number[] = [];
    const task: SchedulerTask = {
      name: 't',
      runOnce: async (now) => {
        times.push(now.getTime() - start);
        return 0;
      },
      nextDueAt: async () => new Date(clock.now().getTime() + 100),
    };
    const loop = startTaskLoop(task, opts(clock));
    await clock.advance(650);
    await loop.stop();
    expect(times).toEqual([0, 100, 200, 300, 400, 500, 600]);
  });

  it('stop finishes the round in hand; a failing task backs off instead of spinning', async () => {
    const clock = new ManualClock();
    let finished = 0;
    let release = () => {};
    const slow: SchedulerTask = {
      name: 'slow',
      runOnce: async () => {
        await new Promise<void>((r) => (release = r));
        finished++;
        return 0;
      },
    };
    const loop = startTaskLoop(slow, opts(clock));
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await clock.advance(0);
    expect([stopped, finished]).toEqual([false, 0]); // stop waits for the round in hand
    release();
    await stopping;
    expect(finished).toBe(1);

    let failures = 0;
    const failing: SchedulerTask = {
      name: 'failing',
      runOnce: async () => {
        failures++;
        throw new Error('db down');
      },
    };
    const l2 = startTaskLoop(failing, { ...opts(clock), idleIntervalMs: 10 });
    await clock.advance(999);
    expect(failures).toBe(1); // the 1 s back-off, not the 10 ms idle interval
    await clock.advance(1);
    expect(failures).toBe(2);
    await l2.stop();
  });
});

describe('retention pruner', () => {
  let store: TestStore;
  let db: TestDatabase;
  let prisma: PrismaClient;
  let pool: pg.Pool;

  beforeAll(async () => {
    store = await openTestStore();
    ({ db, prisma, pool } = store);
  });
  afterAll(() => store.close());

  const BASE = new Date(Date.now() - 3600_000);
  const addPings = (checkId: string, n: number, from: number) =>
    pool.query(
      `INSERT INTO pings (check_id, ts, type, method) SELECT $1, $4::timestamptz + (g * interval '1 second'), 'success', 'GET'
         FROM generate_series($2::int, $3::int) g`,
      [checkId, from, from + n - 1, BASE.toISOString()],
    );
  const secondsOf = async (checkId: string) =>
    (
      await pool.query(`SELECT extract(epoch FROM ts - $2::timestamptz)::int AS s FROM pings WHERE check_id = $1 ORDER BY ts`, [checkId, BASE.toISOString()])
    ).rows.map((r) => r.s as number);

  it('keeps the newest PING_RETENTION pings per check and drops flips older than FLIP_RETENTION_DAYS', async () => {
    const project = await makeProject(prisma);
    const busy = await makeCheck(prisma, project.id, { lastPingAt: new Date() });
    const quiet = await makeCheck(prisma, project.id, { lastPingAt: new Date() });
    await addPings(busy.id, 15, 1);
    await addPings(quiet.id, 5, 1);
    const old = await prisma.flip.create({
      data: { checkId: busy.id, projectId: project.id, ts: new Date(Date.now() - 40 * 86_400_000), oldStatus: 'new', newStatus: 'up', reason: 'ping' },
    });
    const recent = await prisma.flip.create({
      data: { checkId: busy.id, projectId: project.id, ts: new Date(Date.now() - 20 * 86_400_000), oldStatus: 'up', newStatus: 'down', reason: 'fail' },
    });
    const task = createRetentionPrunerTask(
      schedulerDeps({
        dbUrl: db.url,
        prisma,
        pool,
        queues: {} as never,
        prefix: 'x',
        clock: systemClock,
        env: { PING_RETENTION: '10', FLIP_RETENTION_DAYS: '30' },
      }),
    );
    expect(await task.runOnce(new Date())).toBe(5 + 1);
    expect(await secondsOf(busy.id)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(await secondsOf(quiet.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await prisma.flip.findMany({ where: { checkId: busy.id } })).map((f) => f.id)).toEqual([recent.id]);
    expect(old.id).not.toBe(recent.id);

    // The pass ends; the next pass visits only checks pinged since, and prunes them again.
    expect(await task.runOnce(new Date())).toBe(0);
    await addPings(busy.id, 3, 16);
    await pool.query('UPDATE checks SET last_ping_at = now() WHERE id = $1', [busy.id]);
    expect(await task.runOnce(new Date())).toBe(3);
    expect(await secondsOf(busy.id)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  it("drops status pages' rolled-up days older than 100 days, oldest first, and keeps the rest", async () => {
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const now = new Date('2026-06-01T08:00:00Z');
    // Days 98..102 before now: 2026-02-19 .. 2026-02-23.
    await pool.query(
      `INSERT INTO check_uptime_days (check_id, day, up_ms, monitored_ms, incidents_started, incidents_ended)
       SELECT $1, $2::date - g, 1, 1, 0, 0 FROM generate_series(98, 102) g`,
      [check.id, '2026-06-01'],
    );
    const task = createRetentionPrunerTask(schedulerDeps({ dbUrl: db.url, prisma, pool, queues: {} as never, prefix: 'x', clock: systemClock, env: {} }));
    expect(await task.runOnce(now)).toBe(2);
    const { rows } = await pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS d FROM check_uptime_days WHERE check_id = $1 ORDER BY day`, [check.id]);
    expect(rows.map((r) => r.d)).toEqual(['2026-02-21', '2026-02-22', '2026-02-23']);
    // Deleting the check deletes its days.
    await prisma.check.delete({ where: { id: check.id } });
    expect((await pool.query('SELECT count(*)::int AS n FROM check_uptime_days WHERE check_id = $1', [check.id])).rows[0].n).toBe(0);
  });

  it('deletes one-off maintenance windows 30 days after their end, keeps the others', async () => {
    const project = await makeProject(prisma);
    const day = 86_400_000;
    const old = await makeMaintenanceWindow(prisma, project.id, { startsAt: new Date(Date.now() - 32 * day), endsAt: new Date(Date.now() - 31 * day) });
    const recent = await makeMaintenanceWindow(prisma, project.id, { startsAt: new Date(Date.now() - 29 * day), endsAt: new Date(Date.now() - 28 * day) });
    const recurring = await makeMaintenanceWindow(prisma, project.id, {
      schedule: '0 3 * * *',
      tz: 'UTC',
      durationMin: 5,
      createdAt: new Date(Date.now() - 400 * day),
    });
    const task = createRetentionPrunerTask(schedulerDeps({ dbUrl: db.url, prisma, pool, queues: {} as never, prefix: 'x', clock: systemClock }));
    await task.runOnce(new Date());
    const left = (await prisma.maintenanceWindow.findMany({ where: { projectId: project.id } })).map((w) => w.id).sort();
    expect(left).toEqual([recent.id, recurring.id].sort());
    expect(left).not.toContain(old.id);
  });

  it('deletes audit log events older than AUDIT_LOG_RETENTION_DAYS (365 by default), keeps the rest', async () => {
    const project = await makeProject(prisma);
    const now = new Date('2026-06-01T08:00:00Z');
    const day = 86_400_000;
    for (const daysAgo of [366, 365.5, 364, 1]) {
      await pool.query(
        `INSERT INTO audit_events (account_id, at, action, actor_kind, actor_label) VALUES ($1, $2, 'check.create', 'operator', 'operator (admin CLI)')`,
        [project.accountId, new Date(now.getTime() - daysAgo * day)],
      );
    }
    const task = createRetentionPrunerTask(schedulerDeps({ dbUrl: db.url, prisma, pool, queues: {} as never, prefix: 'x', clock: systemClock }));
    await task.runOnce(now);
    const { rows } = await pool.query<{ at: Date }>('SELECT at FROM audit_events WHERE account_id = $1 ORDER BY at', [project.accountId]);
    expect(rows.map((r) => Math.round((now.getTime() - r.at.getTime()) / day))).toEqual([364, 1]);
    // The other tests count what a round deletes: leave nothing behind.
    await pool.query('DELETE FROM audit_events WHERE account_id = $1', [project.accountId]);
  });

  it('deletes the reminders, escalations, acknowledgements and finished held notifications of pruned flips', async () => {
    // Alone with its flips: what follows a flip goes once every flip of lower id is gone.
    await pool.query('DELETE FROM flips');
    const project = await makeProject(prisma);
    const check = await makeCheck(prisma, project.id);
    const integration = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://x' });
    const day = 86_400_000;
    const flip = (daysAgo: number, newStatus: 'down' | 'up') =>
      prisma.flip.create({
        data: {
          checkId: check.id,
          projectId: project.id,
          ts: new Date(Date.now() - daysAgo * day),
          oldStatus: newStatus === 'down' ? 'up' : 'down',
          newStatus,
          reason: 'ping',
        },
      });
    const oldDown = await flip(40, 'down');
    const oldUp = await flip(39, 'up');
    const recentDown = await flip(1, 'down');
    const ids = { integrationId: integration.id, checkId: check.id };
    for (const f of [oldDown, recentDown]) {
      await prisma.reminder.create({ data: { ...ids, flipId: f.id, hours: 1, dueAt: f.ts, sentAt: f.ts } });
      await prisma.escalation.create({ data: { ...ids, flipId: f.id, dueAt: f.ts, sentAt: f.ts } });
      await prisma.acknowledgement.create({ data: { checkId: check.id, flipId: f.id, acknowledgedBy: 'someone', via: 'api', acknowledgedAt: f.ts } });
      await prisma.heldNotification.create({ data: { ...ids, flipId: f.id, event: 'down', ts: f.ts, releaseAt: f.ts, releasedAt: f.ts } });
    }
    // Still waiting: kept even though its flip goes (nothing that may still be sent is deleted).
    await prisma.heldNotification.create({ data: { ...ids, flipId: oldUp.id, event: 'up', ts: oldUp.ts, cause: 'dependency', releaseAt: null } });

    const task = createRetentionPrunerTask(
      schedulerDeps({ dbUrl: db.url, prisma, pool, queues: {} as never, prefix: 'x', clock: systemClock, env: { FLIP_RETENTION_DAYS: '30' } }),
    );
    expect(await task.runOnce(new Date())).toBe(2 + 4);
    const left = async (rows: Promise<{ flipId: bigint | null }[]>) => (await rows).map((r) => r.flipId);
    expect(await left(prisma.reminder.findMany({ where: { checkId: check.id } }))).toEqual([recentDown.id]);
    expect(await left(prisma.escalation.findMany({ where: { checkId: check.id } }))).toEqual([recentDown.id]);
    expect(await left(prisma.acknowledgement.findMany({ where: { checkId: check.id } }))).toEqual([recentDown.id]);
    expect(await left(prisma.heldNotification.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } }))).toEqual([recentDown.id, oldUp.id]);
  });
});
