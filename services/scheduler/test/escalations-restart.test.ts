// Escalation timers live in PostgreSQL: a scheduler killed before one falls due sends it after a
// restart, once; a Redis that lost its data gets the sent escalations of the recovery window again.
// Needs `pnpm build` first: the scheduler runs as a real process so it can be SIGKILLed.
import { createPgPool } from '@upmon/db';
import { systemClock } from '@upmon/service-kit';
import { eventually, makeCheck, makeIntegration, makeProject, openTestBackend, queuedJobs, startService, testRedisUrl, type TestBackend } from '@upmon/testing';
import type pg from 'pg';
import { createRedisRecoveryTask } from '../src/tasks/redis-recovery.js';
import { schedulerDeps } from './scheduler-support.js';

let backend: TestBackend;
let pool: pg.Pool;

beforeAll(async () => {
  backend = await openTestBackend();
  pool = createPgPool(backend.db.url, 2);
});
afterAll(async () => {
  await pool.end();
  await backend.close();
});

async function downEpisode(dueInMs: number) {
  const { prisma } = backend;
  const project = await makeProject(prisma);
  const integration = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://x' });
  await prisma.integration.update({ where: { id: integration.id }, data: { escalateAfterMin: 15 } });
  const check = await makeCheck(prisma, project.id, { status: 'down' });
  const ts = new Date(Date.now() + dueInMs - 15 * 60_000);
  const down = await prisma.flip.create({
    data: { checkId: check.id, projectId: project.id, oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts, fannedOutAt: ts },
  });
  const escalation = await prisma.escalation.create({
    data: { integrationId: integration.id, checkId: check.id, flipId: down.id, dueAt: new Date(ts.getTime() + 15 * 60_000) },
  });
  return { integration, check, down, escalation };
}

it('an escalation timer survives a scheduler killed before it falls due, and is sent once after the restart', async () => {
  const { prisma, prefix, queues } = backend;
  const env = { DATABASE_URL: backend.db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, SCHEDULER_IDLE_INTERVAL_MS: '100', LOG_LEVEL: 'warn' };
  // Due in 10 minutes, however slowly the first scheduler starts; its due time then passes (moved to
  // now) while no scheduler runs, rather than the test waiting for it.
  const { integration, down, escalation } = await downEpisode(600_000);
  const first = await startService('scheduler', env);
  expect(await first.stop('SIGKILL')).toBeNull();
  expect((await prisma.escalation.findUniqueOrThrow({ where: { id: escalation.id } })).sentAt).toBeNull();

  await prisma.escalation.update({ where: { id: escalation.id }, data: { dueAt: new Date() } });
  const second = await startService('scheduler', env);
  try {
    await eventually(async () => (await prisma.escalation.findUniqueOrThrow({ where: { id: escalation.id } })).sentAt !== null, 60_000, 'escalation sent');
    const downs = (await queuedJobs(queues, 'deliveries')).filter((j) => j.data.event === 'down');
    expect(downs).toEqual([
      { id: `delivery-${down.id}-${integration.id}`, data: expect.objectContaining({ flipId: down.id.toString(), integrationId: integration.id }) },
    ]);
  } finally {
    expect(await second.stop('SIGTERM')).toBe(0);
  }
});

it('the Redis recovery enqueues again the escalations sent in its window', async () => {
  const { prisma, prefix, queues } = backend;
  await queues.queue('deliveries').obliterate({ force: true });
  const { integration, check, down, escalation } = await downEpisode(-60_000);
  await prisma.escalation.update({ where: { id: escalation.id }, data: { sentAt: new Date(Date.now() - 30_000) } });
  // The Redis of this prefix has no epoch sentinel: it is taken for one that lost its data (and the
  // recovery lock the killed scheduler of the test above may have left is gone).
  await (await queues.queue('deliveries').client).del(`${prefix}:epoch`, `${prefix}:epoch-recovery`);
  const task = createRedisRecoveryTask(schedulerDeps({ dbUrl: backend.db.url, prisma, pool, queues, prefix, clock: systemClock, batchSize: 50 }));
  await task.runOnce(new Date());
  for (let i = 0; i < 20 && (await task.nextDueAt!()) !== null; i++) await task.runOnce(new Date());
  expect(await task.nextDueAt!()).toBeNull();
  const jobs = await queuedJobs(queues, 'deliveries');
  expect(jobs).toContainEqual({
    id: `delivery-${down.id}-${integration.id}`,
    data: { integrationId: integration.id, checkId: check.id, event: 'down', flipId: down.id.toString(), recovered: true },
  });
});
