// SLO burn-rate alerts end to end in the scheduler (docs/slos.md, "Burn-rate alerts"): SLOs and
// flips in a real database, the task run once a minute (or every 10 s) at the times of a manual
// clock, its alert rows and its `slo-alerts` jobs in real Redis. A check flapping at 1 % (18 s
// down every 30 min, against 99.9 %: a burn rate of 10) raises the slow alert (6×) and never the
// fast one (14.4×); a full outage raises the fast one first, ~52 s in, and the slow one ~130 s in.
import type { PrismaClient } from '@upmon/db';
import { createPgPool } from '@upmon/db';
import { makeCheck, makeIntegration, makeProject, ManualClock, openTestBackend, queuedJobs, type TestBackend } from '@upmon/testing';
import type pg from 'pg';
import { createSloBurnAlertsTask } from '../src/tasks/slo-burn-alerts.js';
import { silentLogger } from './scheduler-support.js';

let backend: TestBackend;
let prisma: PrismaClient;
let pool: pg.Pool;

beforeAll(async () => {
  backend = await openTestBackend();
  prisma = backend.prisma;
  pool = createPgPool(backend.db.url, 2);
});
afterAll(async () => {
  await pool.end();
  await backend.close();
});

const MIN = 60_000;
const task = () => createSloBurnAlertsTask({ prisma, pool, queues: backend.queues, logger: silentLogger });

async function world(start: Date) {
  const project = await makeProject(prisma);
  const check = await makeCheck(prisma, project.id, { createdAt: new Date(start.getTime() - 2 * 86_400_000), tags: ['web'] });
  const flip = (ts: number, from: string, to: string) =>
    pool.query(`INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, $4, $5, 'manual', now())`, [
      check.id,
      project.id,
      new Date(ts),
      from,
      to,
    ]);
  await flip(check.createdAt.getTime(), 'new', 'up');
  const slo = await prisma.slo.create({
    data: { projectId: project.id, name: 'api', checkId: check.id, targetPercent: 99.9, windowKind: 'rolling', windowDays: 30 },
  });
  const hook = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://hook.test' }, { events: ['down', 'up'] });
  // Subscribed only to "up": hears nothing of burn alerts, which page like outages.
  await makeIntegration(prisma, project.id, 'webhook', { url: 'http://other.test' }, { events: ['up'] });
  const alerts = async () =>
    (await prisma.sloBurnAlert.findMany({ where: { sloId: slo.id }, orderBy: { id: 'asc' } })).map((a) => ({
      kind: a.kind,
      firedAt: a.firedAt.getTime(),
      resolvedAt: a.resolvedAt?.getTime() ?? null,
    }));
  /** This SLO's jobs, whatever their integration. */
  const jobs = async () => {
    const ids = new Set((await prisma.sloBurnAlert.findMany({ where: { sloId: slo.id } })).map((a) => a.id.toString()));
    return (await queuedJobs(backend.queues, 'slo-alerts'))
      .filter((j) => ids.has(j.data.alertId))
      .map((j) => j.id)
      .sort();
  };
  return { project, check, slo, hook, flip, alerts, jobs };
}

test('a check flapping at 1 % raises the slow-burn alert, never the fast one; once, with one job for the integration that hears of outages', async () => {
  const start = new Date('2026-05-04T12:00:00Z');
  const w = await world(start);
  // 18 s down every 30 minutes, from 7 h before the start until an hour after it.
  for (let s = start.getTime() - 7 * 60 * MIN; s < start.getTime() + 60 * MIN; s += 30 * MIN) {
    await w.flip(s, 'up', 'down');
    await w.flip(s + 18_000, 'down', 'up');
  }
  const clock = new ManualClock(start);
  const t = task();
  for (let m = 0; m <= 60; m++) {
    await t.runOnce(clock.now());
    await clock.advance(MIN);
  }
  const alerts = await w.alerts();
  expect(alerts).toEqual([{ kind: 'slow', firedAt: start.getTime(), resolvedAt: null }]);
  const [row] = await prisma.sloBurnAlert.findMany({ where: { sloId: w.slo.id } });
  expect(row?.longBurn).toBeCloseTo(10, 6);
  expect(row?.threshold).toBeCloseTo(6, 9);
  expect(row?.notifiedAt?.getTime()).toBe(start.getTime());
  expect(await w.jobs()).toEqual([`slo-alert-${row?.id}-${w.hook.id}-fired`]);
});

test('a full outage raises the fast alert first (~52 s), the slow one later (~130 s); recovery resolves them and says so once', async () => {
  const start = new Date('2026-05-05T12:00:00Z');
  const w = await world(start);
  const t = task();
  const clock = new ManualClock(start);
  await w.flip(start.getTime(), 'up', 'down');
  const firstSeen: Record<string, number> = {};
  for (let s = 0; s <= 180; s += 10) {
    await t.runOnce(clock.now());
    for (const a of await w.alerts()) firstSeen[a.kind] ??= s;
    await clock.advance(10_000);
  }
  expect(firstSeen).toEqual({ fast: 60, slow: 130 });
  const fired = await w.alerts();
  expect(fired.map((a) => a.kind)).toEqual(['fast', 'slow']);
  const ids = (await prisma.sloBurnAlert.findMany({ where: { sloId: w.slo.id }, orderBy: { id: 'asc' } })).map((a) => a.id);
  expect(await w.jobs()).toEqual([`slo-alert-${ids[0]}-${w.hook.id}-fired`, `slo-alert-${ids[1]}-${w.hook.id}-fired`].sort());

  // Up again after 3 minutes: the fast alert's 5-minute window is clean 5 minutes later, the
  // slow one's 30-minute window 30 minutes later.
  const upAt = start.getTime() + 3 * MIN;
  await w.flip(upAt, 'down', 'up');
  for (let m = 0; m <= 40; m++) {
    await t.runOnce(clock.now());
    await clock.advance(MIN);
  }
  const resolved = await w.alerts();
  expect(resolved.map((a) => [a.kind, a.resolvedAt !== null])).toEqual([
    ['fast', true],
    ['slow', true],
  ]);
  expect(resolved[0]!.resolvedAt! - upAt).toBeLessThanOrEqual(5 * MIN + 10_000);
  expect(resolved[1]!.resolvedAt! - upAt).toBeLessThanOrEqual(30 * MIN + 60_000);
  expect(resolved[1]!.resolvedAt! - upAt).toBeGreaterThanOrEqual(30 * MIN - 60_000);
  expect(await w.jobs()).toEqual(
    [
      `slo-alert-${ids[0]}-${w.hook.id}-fired`,
      `slo-alert-${ids[1]}-${w.hook.id}-fired`,
      `slo-alert-${ids[0]}-${w.hook.id}-resolved`,
      `slo-alert-${ids[1]}-${w.hook.id}-resolved`,
    ].sort(),
  );
});
