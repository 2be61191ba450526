import { loadSchedulerConfig } from '@upmon/config';
import { nextProbeAt, probeSpreadMs } from '@upmon/core';
import { createPgPool, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { PROBES_PER_JOB, Queues, probesOf } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import { makeCheck, makeProject, openTestBackend, queuedJobs, testRedisUrl, type TestBackend, type TestDatabase } from '@upmon/testing';
import { ROUND_GAP_MS, createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import type { SchedulerTask } from '../src/task.js';
import type pg from 'pg';

let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
let projectId: string;
const logger = createLogger({ service: 'scheduler', level: 'silent' });

function makeTask(opts: { pool?: pg.Pool; queues?: Queues; batchSize?: number } = {}): SchedulerTask {
  const config = loadSchedulerConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    SCHEDULER_BATCH_SIZE: String(opts.batchSize ?? 1000),
  });
  return createProbeSchedulerTask({ config, logger, pool: opts.pool ?? pool, queues: opts.queues ?? queues });
}

const http = (extra: Record<string, unknown> = {}) =>
  makeCheck(prisma, projectId, { kind: 'http', httpConfig: { url: 'http://example.com/' }, periodSec: 60, graceSec: 60, ...extra });

async function probeJobIds(): Promise<string[]> {
  return (await queuedJobs(queues, 'probes')).map((j) => j.id).sort();
}

/** Every queued probe as `<check>-<slot ms>`, sorted (jobs carry several). */
async function queuedProbes(): Promise<string[]> {
  const jobs = await queuedJobs(queues, 'probes');
  return jobs.flatMap((j) => probesOf(j.data).map((p) => `${p.checkId}-${Date.parse(p.scheduledAt)}`)).sort();
}

beforeAll(async () => {
  backend = await openTestBackend();
  ({ db, prisma, prefix, queues } = backend);
  pool = createPgPool(db.url, 4);
  projectId = (await makeProject(prisma)).id;
});
afterAll(async () => {
  await pool.end();
  await backend.close();
});

beforeEach(async () => {
  await prisma.check.deleteMany({});
  await queues.queue('probes').obliterate({ force: true });
});

describe('probe scheduler', () => {
  it('enqueues due http probes only, with deterministic job ids, and advances next_probe_at', async () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    const fresh = await http();
    const due = await http({ nextProbeAt: new Date('2026-11-22T11:59:30.000Z') });
    const exactlyNow = await http({ nextProbeAt: now });
    const future = await http({ nextProbeAt: new Date('2026-11-22T12:00:00.001Z') });
    const paused = await http({ status: 'paused', nextProbeAt: null });
    const heartbeat = await makeCheck(prisma, projectId, { kind: 'heartbeat' });
    const cron = await http({ scheduleKind: 'cron', cron: '*/5 * * * *', periodSec: null, nextProbeAt: new Date('2026-11-22T11:55:10.000Z') });

    const task = makeTask();
    expect(await task.nextDueAt?.()).toEqual(new Date(0));
    expect(await task.runOnce(now)).toBe(4);
    const expected = [
      `${fresh.id}-${now.getTime()}`,
      `${due.id}-${Date.parse('2026-11-22T11:59:30.000Z')}`,
      `${exactlyNow.id}-${now.getTime()}`,
      `${cron.id}-${Date.parse('2026-11-22T11:55:10.000Z')}`,
    ].sort();
    expect(await queuedProbes()).toEqual(expected);
    // One job for the round's four probes, named by its content (a repeated round collapses onto it).
    const [job, ...others] = await queuedJobs(queues, 'probes');
    expect(others).toEqual([]);
    expect(job?.id).toMatch(/^probes-[0-9a-f]{32}$/);
    expect(job?.data.probes).toContainEqual({ checkId: due.id, scheduledAt: '2026-11-22T11:59:30.000Z' });

    const rows = new Map((await prisma.check.findMany()).map((c) => [c.id, c]));
    for (const c of [fresh, due, exactlyNow]) {
      expect(rows.get(c.id)?.nextProbeAt?.getTime()).toBe(nextProbeAt({ kind: 'period', periodSec: 60, tz: 'UTC' }, c.id, 60, now).getTime());
      expect(rows.get(c.id)?.nextProbeAt?.getTime()).toBeGreaterThan(now.getTime());
    }
    // The 12:00 slot shifted by the check's spread is still ahead of now.
    expect(rows.get(cron.id)?.nextProbeAt?.getTime()).toBe(Date.parse('2026-11-22T12:00:00Z') + probeSpreadMs(cron.id, 15_000));
    expect(rows.get(future.id)?.nextProbeAt?.toISOString()).toBe('2026-11-22T12:00:00.001Z');
    expect(rows.get(paused.id)?.nextProbeAt).toBeNull();
    expect(rows.get(heartbeat.id)?.nextProbeAt).toBeNull();

    // The loop is told when to wake: the earliest next_probe_at of the unpaused http checks…
    expect(await makeTask().nextDueAt?.()).toEqual(new Date('2026-11-22T12:00:00.001Z'));
    // …but not sooner than ROUND_GAP_MS after the task's last round (probes due meanwhile share a round).
    expect(await task.nextDueAt?.()).toEqual(new Date(now.getTime() + ROUND_GAP_MS));
    // Nothing is due any more at the same instant.
    expect(await task.runOnce(now)).toBe(0);
    expect(await queuedProbes()).toEqual(expected);
  });

  it('spreads checks with the same period over the period', async () => {
    await prisma.check.createMany({
      data: Array.from({ length: 600 }, (_, i) => ({
        projectId,
        name: `c${i}`,
        kind: 'http' as const,
        scheduleKind: 'period' as const,
        periodSec: 60,
        graceSec: 60,
        httpConfig: { url: 'http://example.com/' },
      })),
    });
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(await makeTask().runOnce(now)).toBe(600);
    const nexts = (await prisma.check.findMany({ select: { nextProbeAt: true } })).map((c) => c.nextProbeAt?.getTime() ?? 0);
    const seconds = new Set(nexts.map((t) => Math.floor(t / 1000)));
    expect(seconds.size).toBeGreaterThan(55);
    const perSecond = new Map<number, number>();
    for (const t of nexts) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(30);
    expect(Math.min(...nexts)).toBeGreaterThan(now.getTime());
    expect(Math.max(...nexts)).toBeLessThanOrEqual(now.getTime() + 60_000);
  });

  it('several schedulers share the due probes without enqueuing any twice', async () => {
    await prisma.check.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({
        projectId,
        name: `c${i}`,
        kind: 'http' as const,
        scheduleKind: 'period' as const,
        periodSec: 60,
        graceSec: 60,
        httpConfig: { url: 'http://example.com/' },
      })),
    });
    const otherPool = createPgPool(db.url, 2);
    const otherRedis = createRedis(testRedisUrl(), 'producer');
    const otherQueues = new Queues(otherRedis, prefix);
    try {
      const now = new Date('2026-11-22T12:00:00.000Z');
      const tasks = [makeTask({ batchSize: 50 }), makeTask({ batchSize: 50, pool: otherPool, queues: otherQueues }), makeTask({ batchSize: 70 })];
      const drain = async (t: SchedulerTask) => {
        let n = 0;
        for (let got = await t.runOnce(now); got > 0; got = await t.runOnce(now)) n += got;
        return n;
      };
      const counts = await Promise.all(tasks.map(drain));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(500);
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
      const probes = await queuedProbes();
      expect(probes).toHaveLength(500);
      expect(new Set(probes.map((p) => p.slice(0, 36))).size).toBe(500);
      // At most PROBES_PER_JOB to a job, and no round leaves more than one partial job.
      const jobs = await queuedJobs(queues, 'probes');
      expect(jobs.length).toBeLessThan(500 / PROBES_PER_JOB + 2 * Math.ceil(500 / 50));
      for (const j of jobs) expect(probesOf(j.data).length).toBeLessThanOrEqual(PROBES_PER_JOB);
    } finally {
      await otherQueues.close();
      otherRedis.disconnect();
      await otherPool.end();
    }
  });

  it('when Redis refuses the jobs nothing is claimed: the probes stay due', async () => {
    const check = await http({ nextProbeAt: new Date('2026-11-22T11:59:00.000Z') });
    // A producer connection that was up and then lost Redis (fails fast: no offline queue).
    const lostRedis = createRedis(testRedisUrl(), 'producer');
    lostRedis.on('error', () => undefined);
    const lostQueues = new Queues(lostRedis, prefix);
    await lostQueues.queue('probes').getJobCounts();
    lostRedis.disconnect();
    await expect(makeTask({ queues: lostQueues }).runOnce(new Date('2026-11-22T12:00:00.000Z'))).rejects.toThrow();
    expect((await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).nextProbeAt?.toISOString()).toBe('2026-11-22T11:59:00.000Z');
    expect(await makeTask().runOnce(new Date('2026-11-22T12:00:00.000Z'))).toBe(1);
  });

  it('a claim repeated after a crash between enqueue and commit enqueues the same job once', async () => {
    const dueAt = new Date('2026-11-22T11:59:00.000Z');
    const check = await http({ nextProbeAt: dueAt });
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(await makeTask().runOnce(now)).toBe(1);
    // As if the transaction had rolled back after the jobs were added.
    await prisma.check.update({ where: { id: check.id }, data: { nextProbeAt: dueAt } });
    expect(await makeTask().runOnce(now)).toBe(1);
    expect(await probeJobIds()).toEqual([`probe-${check.id}-${dueAt.getTime()}`]);
  });

  it("puts a probe on each served location's queue, and none on a location no longer in PUBLIC_LOCATIONS", async () => {
    const code = 'p-abcdefghjk';
    const check = await http({ locations: ['local', 'gone', code] });
    expect(await makeTask().runOnce(new Date('2026-11-22T12:00:00.000Z'))).toBe(1);
    expect((await queuedProbes()).map((p) => p.split('-').slice(0, 5).join('-'))).toEqual([check.id]);
    expect(await backend.redis.keys(`${prefix}:probes-${code}:*`)).not.toEqual([]);
    expect(await backend.redis.keys(`${prefix}:probes-gone:*`)).toEqual([]);
    await queues.queue('probes').obliterate({ force: true });
    await backend.redis.del(...(await backend.redis.keys(`${prefix}:probes-${code}:*`)));
  });

  it('a repeated round that claims the same probes collapses onto the same batch job', async () => {
    const dueAt = new Date('2026-11-22T11:59:00.000Z');
    const checks = [await http({ nextProbeAt: dueAt }), await http({ nextProbeAt: dueAt }), await http({ nextProbeAt: dueAt })];
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(await makeTask().runOnce(now)).toBe(3);
    const first = await probeJobIds();
    expect(first).toHaveLength(1);
    await prisma.check.updateMany({ where: { id: { in: checks.map((c) => c.id) } }, data: { nextProbeAt: dueAt } });
    expect(await makeTask().runOnce(now)).toBe(3);
    expect(await probeJobIds()).toEqual(first);
    expect(await queuedProbes()).toEqual(checks.map((c) => `${c.id}-${dueAt.getTime()}`).sort());
  });
});
