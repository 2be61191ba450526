import { CheckBatch } from '@upmon/check-store';
import { createPgPool, createPrismaClient, withPgTransaction, type PrismaClient } from '@upmon/db';
import { createTestDatabase, dropRedisPrefix, makeCheck, makeProject, producerQueues, testRedisPrefix, testRedisUrl, type TestDatabase } from '@upmon/testing';
import type pg from 'pg';
import { createDeadlineScannerTask } from '../src/tasks/deadline-scanner.js';
import { createProbeSchedulerTask } from '../src/tasks/probe-scheduler.js';
import { schedulerDeps } from './scheduler-support.js';

// DESIGN.md: if no probe result arrives by the expected time + grace (prober outage), an http
// check times out like a heartbeat. Here no prober runs at all: probes are enqueued and nobody
// takes them, and the deadline scanner moves the check up → late → down.
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

it('an http check whose probe results stop arriving goes late at expected + grace and down one grace later', async () => {
  const project = await makeProject(prisma);
  const check = await makeCheck(prisma, project.id, { kind: 'http', periodSec: 60, graceSec: 30, httpConfig: { url: 'http://example.com/' } });
  const t0 = new Date('2026-11-22T12:00:00.000Z');
  // The last probe result that ever arrived.
  await withPgTransaction(pool, async (client) => {
    const batch = await CheckBatch.lock(client, [check.id]);
    batch.transition(check.id, { type: 'probe', outcome: 'up' }, t0);
    await batch.write(client);
  });
  const afterProbe = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(afterProbe.status).toBe('up');
  expect(afterProbe.nextDeadlineAt?.toISOString()).toBe('2026-11-22T12:01:30.000Z');

  const clock = { now: () => t0 };
  const deps = schedulerDeps({ dbUrl: db.url, prisma, pool, queues: q.queues, prefix, clock });
  const probes = createProbeSchedulerTask(deps);
  const deadlines = createDeadlineScannerTask(deps);

  // Probes keep being scheduled, but no prober takes them.
  expect(await probes.runOnce(new Date('2026-11-22T12:01:00.000Z'))).toBe(1);
  expect(await deadlines.runOnce(new Date('2026-11-22T12:01:29.999Z'))).toBe(0);
  expect(await deadlines.runOnce(new Date('2026-11-22T12:01:31.000Z'))).toBe(1);
  let row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(row.status).toBe('late');
  expect(row.nextDeadlineAt?.toISOString()).toBe('2026-11-22T12:02:00.000Z');

  await probes.runOnce(new Date('2026-11-22T12:02:00.000Z'));
  expect(await deadlines.runOnce(new Date('2026-11-22T12:02:01.000Z'))).toBe(1);
  row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect(row.status).toBe('down');
  expect(row.nextDeadlineAt).toBeNull();
  const flips = await prisma.flip.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } });
  expect(flips.map((f) => [f.oldStatus, f.newStatus, f.reason, f.ts.toISOString()])).toEqual([
    ['new', 'up', 'ping', '2026-11-22T12:00:00.000Z'],
    ['up', 'late', 'timeout', '2026-11-22T12:01:30.000Z'],
    ['late', 'down', 'timeout', '2026-11-22T12:02:00.000Z'],
  ]);
  expect(await q.queues.queue('probes').count()).toBeGreaterThan(0);
});
