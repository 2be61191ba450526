import { loadSchedulerConfig } from '@upmon/config';
import type { CheckStatus, PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import { makeCheck, makeIntegration, makeProject, openTestBackend, queuedJobs, testRedisUrl, type TestBackend, type TestDatabase } from '@upmon/testing';
import { createDependencyReleaseTask } from '../src/tasks/dependency-release.js';
import { createHeldReleaseTask } from '../src/tasks/held-release.js';

// The dependency-release task against a real database, at fixed times: drops the holds of an
// episode that is over, keeps those whose dependency is still down, gives the others a release
// time (now, or the end of quiet hours) for held-release, and walks many waiting rows in pages.
let db: TestDatabase;
let prisma: PrismaClient;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
const logger = createLogger({ service: 'scheduler', level: 'silent' });

function deps(batchSize = 1000) {
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, SCHEDULER_BATCH_SIZE: String(batchSize) });
  return { config, logger, prisma, queues };
}

beforeAll(async () => {
  backend = await openTestBackend();
  ({ db, prisma, prefix, queues } = backend);
});
afterAll(() => backend.close());
beforeEach(async () => {
  await prisma.heldNotification.deleteMany({});
  await queues.queue('deliveries').obliterate({ force: true });
});

const now = new Date('2026-03-29T00:30:00Z'); // 01:30 in Berlin, half an hour before the spring-forward gap

async function scenario(opts: { dbStatus: CheckStatus; quietHours?: unknown }) {
  const project = await makeProject(prisma);
  const dep = await makeCheck(prisma, project.id, { name: 'database', status: opts.dbStatus });
  const app = await makeCheck(prisma, project.id, { name: 'app', status: 'down', dependsOn: [dep.id] });
  const hook = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://x' }, { events: ['down', 'up'], quietHours: opts.quietHours as never });
  const down = await prisma.flip.create({
    data: { checkId: app.id, projectId: project.id, oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts: new Date(now.getTime() - 600_000) },
  });
  const held = await prisma.heldNotification.create({
    data: { integrationId: hook.id, checkId: app.id, flipId: down.id, event: 'down', ts: down.ts, releaseAt: null, cause: 'dependency', dependencyId: dep.id },
  });
  return { project, dep, app, hook, down, held };
}

const row = (id: bigint) => prisma.heldNotification.findUniqueOrThrow({ where: { id } });

test('keeps waiting while the dependency is down; releases now once it is up, and held-release sends one digest', async () => {
  const s = await scenario({ dbStatus: 'down' });
  const task = createDependencyReleaseTask(deps());
  expect(await task.runOnce(now)).toBe(0);
  expect(await row(s.held.id)).toMatchObject({ releaseAt: null, releasedAt: null, droppedAt: null });

  await prisma.check.update({ where: { id: s.dep.id }, data: { status: 'up' } });
  expect(await task.runOnce(now)).toBe(1);
  expect(await row(s.held.id)).toMatchObject({ releaseAt: now, releasedAt: null, droppedAt: null });
  expect(await task.runOnce(now)).toBe(0);

  expect(await createHeldReleaseTask(deps()).runOnce(now)).toBe(1);
  const jobs = await queuedJobs(queues, 'deliveries');
  expect(jobs.map((j) => j.data)).toEqual([{ integrationId: s.hook.id, checkId: s.app.id, event: 'digest', heldIds: [s.held.id.toString()] }]);
});

test('drops the hold when the check left the episode: recovered, or down again with a newer flip', async () => {
  const recovered = await scenario({ dbStatus: 'down' });
  await prisma.check.update({ where: { id: recovered.app.id }, data: { status: 'up' } });
  const again = await scenario({ dbStatus: 'up' });
  await prisma.flip.create({
    data: { checkId: again.app.id, projectId: again.project.id, oldStatus: 'up', newStatus: 'down', reason: 'fail', ts: new Date(now.getTime() - 60_000) },
  });
  expect(await createDependencyReleaseTask(deps()).runOnce(now)).toBe(2);
  for (const s of [recovered, again]) expect(await row(s.held.id)).toMatchObject({ releaseAt: null, releasedAt: null, droppedAt: now });
  expect(await createHeldReleaseTask(deps()).runOnce(now)).toBe(0);
});

test('inside quiet hours the release waits for their end (the Berlin spring-forward gap: 03:00 local, 01:00 UTC)', async () => {
  const s = await scenario({ dbStatus: 'up', quietHours: { from: '22:00', to: '02:30', tz: 'Europe/Berlin' } });
  expect(await createDependencyReleaseTask(deps()).runOnce(now)).toBe(1);
  expect((await row(s.held.id)).releaseAt).toEqual(new Date('2026-03-29T01:00:00Z'));
  expect(await createHeldReleaseTask(deps()).runOnce(now)).toBe(0);
  expect(await createHeldReleaseTask(deps()).runOnce(new Date('2026-03-29T01:00:00Z'))).toBe(1);
});

test('walks many waiting rows in pages: a full page runs the next at once, and rows after it are reached', async () => {
  const waiting = [];
  for (let i = 0; i < 5; i++) waiting.push(await scenario({ dbStatus: 'down' }));
  const last = await scenario({ dbStatus: 'up' });
  const task = createDependencyReleaseTask(deps(2));
  // Pages of 2 by id: [w0 w1] [w2 w3] [w4 last] [] — each full page reports a full batch.
  expect(await task.runOnce(now)).toBe(2);
  expect(await task.runOnce(now)).toBe(2);
  expect(await task.runOnce(now)).toBe(2);
  expect((await row(last.held.id)).releaseAt).toEqual(now);
  expect(await task.runOnce(now)).toBe(0);
  for (const s of waiting) expect((await row(s.held.id)).releaseAt).toBeNull();
});
