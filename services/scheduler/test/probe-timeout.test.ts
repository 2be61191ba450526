import { CheckBatch, CheckLocations, readLocationHealth } from '@upmon/check-store';
import { createPgPool, createPrismaClient, withPgTransaction, type PrismaClient } from '@upmon/db';
import { createTestDatabase, dropRedisPrefix, makeCheck, makeProject, producerQueues, testRedisPrefix, testRedisUrl, type TestDatabase } from '@upmon/testing';
import type pg from 'pg';
import { createDeadlineScannerTask } from '../src/tasks/deadline-scanner.js';
import { createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import { schedulerDeps } from './scheduler-support.js';

// docs/locations.md, "Stale locations": probe results that stop arriving (every prober of the
// check's locations down) are not an outage of the check: no timeout, no flip, nothing sent to its
// integrations. The operators learn it from /metrics (upmon_location_stale,
// upmon_checks_all_locations_stale) and the alert rules in infra/prometheus. Here no prober runs.
let db: TestDatabase;
let prisma: PrismaClient;
let pool: pg.Pool;
let prefix: string;
let q: ReturnType<typeof producerQueues>;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  pool = createPgPool(db.url, 2);
  prefix = testRedisPrefix();
  q = producerQueues(testRedisUrl(), prefix);
});

afterAll(async () => {
  await q.close();
  await pool.end();
  await prisma.$disconnect();
  await db.drop();
  await dropRedisPrefix(prefix);
});

it('an http check whose probe results stop arriving does not flip; its location turns stale and the check counts as unwatched', async () => {
  const project = await makeProject(prisma);
  const check = await makeCheck(prisma, project.id, {
    kind: 'http',
    periodSec: 60,
    graceSec: 30,
    httpConfig: { url: 'http://example.com/' },
    createdAt: new Date('2026-11-22T11:00:00.000Z'),
  });
  const t0 = new Date('2026-11-22T12:00:00.000Z');
  // The last probe result that ever arrived, from the local location.
  await withPgTransaction(pool, async (client) => {
    const batch = await CheckBatch.lock(client, [check.id]);
    const locations = await CheckLocations.read(client, [check.id], ['local']);
    const verdict = locations.record(batch, { checkId: check.id, location: 'local', ok: true, warning: false, at: t0, durationMs: 5, reason: null });
    batch.transition(check.id, { type: 'probe', outcome: verdict?.outcome ?? 'none' }, t0);
    await batch.write(client);
    await locations.write(client);
  });
  const afterProbe = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(afterProbe.status).toBe('up');
  expect(afterProbe.nextDeadlineAt).toBeNull();
  expect(await readLocationHealth(pool, ['local'], new Date('2026-11-22T12:04:00.000Z'))).toEqual({
    locations: [{ location: 'local', stale: false, lastResultAt: t0 }],
    checksAllStale: 0,
  });

  const clock = { now: () => t0 };
  const deps = schedulerDeps({ dbUrl: db.url, prisma, pool, queues: q.queues, prefix, clock });
  const probes = createProbeSchedulerTask(deps);
  const deadlines = createDeadlineScannerTask(deps);

  // Probes keep being scheduled, but no prober takes them: nothing times out.
  for (const minute of [1, 2, 3, 10]) {
    await probes.runOnce(new Date(t0.getTime() + minute * 60_000));
    expect(await deadlines.runOnce(new Date(t0.getTime() + minute * 60_000 + 1000))).toBe(0);
  }
  const row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(row.status).toBe('up');
  const flips = await prisma.flip.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } });
  expect(flips.map((f) => [f.oldStatus, f.newStatus, f.reason])).toEqual([['new', 'up', 'ping']]);
  expect(await q.queues.queue('probes').count()).toBeGreaterThan(0);

  // Three periods and a minute after the last result (60 s period): the location is stale, and
  // so is every location of the check. A public location that never reported is stale too.
  expect(await readLocationHealth(pool, ['local', 'us-east'], new Date('2026-11-22T12:04:00.001Z'))).toEqual({
    locations: [
      { location: 'local', stale: true, lastResultAt: t0 },
      { location: 'us-east', stale: true, lastResultAt: null },
    ],
    checksAllStale: 1,
  });
});

it('a location removed from PUBLIC_LOCATIONS is no longer reported (its checks keep their rows); private locations are', async () => {
  const project = await makeProject(prisma);
  const check = await makeCheck(prisma, project.id, {
    kind: 'http',
    periodSec: 60,
    httpConfig: { url: 'http://example.com/' },
    locations: ['gone', 'p-abcdefghjk'],
  });
  const at = new Date('2026-11-23T12:00:00.000Z');
  for (const location of ['gone', 'p-abcdefghjk'])
    await prisma.checkLocation.create({ data: { checkId: check.id, location, status: 'up', failuresInRow: 0, lastResultAt: at } });
  const health = await readLocationHealth(pool, ['local'], new Date('2026-11-23T12:01:00.000Z'));
  expect(health.locations.filter((l) => l.location !== 'local')).toEqual([{ location: 'p-abcdefghjk', stale: false, lastResultAt: at }]);
});
