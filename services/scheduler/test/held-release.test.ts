import { loadSchedulerConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import { makeCheck, makeIntegration, makeProject, testRedisUrl, openTestBackend, queuedJobs, type TestBackend, type TestDatabase } from '@upmon/testing';
import { createHeldReleaseTask } from '../src/tasks/held-release.js';

let db: TestDatabase;
let prisma: PrismaClient;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
const logger = createLogger({ service: 'scheduler', level: 'silent' });

function makeTask(q: Queues = queues, batchSize = 1000) {
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, SCHEDULER_BATCH_SIZE: String(batchSize) });
  return createHeldReleaseTask({ config, logger, prisma, queues: q });
}

async function integration(projectId: string) {
  return makeIntegration(prisma, projectId, 'webhook', { url: 'http://x' }, { name: 'hook', events: ['down', 'up'] });
}

async function held(integrationId: number, checkId: string, releaseAt: Date, event = 'down', cause = 'quiet_hours') {
  return prisma.heldNotification.create({ data: { integrationId, checkId, event, ts: new Date(releaseAt.getTime() - 3_600_000), releaseAt, cause } });
}

async function digestJobs() {
  return (await queuedJobs(queues, 'deliveries')).sort((a, b) => a.id.localeCompare(b.id));
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

describe('held-release task', () => {
  const now = new Date('2026-11-22T07:00:00Z');

  it('collapses due held notifications per (integration, check) into one digest each', async () => {
    const project = await makeProject(prisma);
    const c1 = await makeCheck(prisma, project.id);
    const c2 = await makeCheck(prisma, project.id);
    const a = await integration(project.id);
    const b = await integration(project.id);
    const a1 = [await held(a.id, c1.id, now, 'down'), await held(a.id, c1.id, new Date(now.getTime() - 1000), 'up')];
    const a2 = await held(a.id, c2.id, now);
    const b1 = await held(b.id, c1.id, now);
    const later = await held(a.id, c1.id, new Date(now.getTime() + 1));

    expect(await makeTask().runOnce(now)).toBe(4);
    const jobs = await digestJobs();
    const byKey = Object.fromEntries(jobs.map((j) => [`${j.data.integrationId}/${j.data.checkId}`, j.data]));
    expect(Object.keys(byKey).sort()).toEqual([`${a.id}/${c1.id}`, `${a.id}/${c2.id}`, `${b.id}/${c1.id}`].sort());
    expect(byKey[`${a.id}/${c1.id}`]).toEqual({
      integrationId: a.id,
      checkId: c1.id,
      event: 'digest',
      // In release order: the `up` row was due a second earlier.
      heldIds: [a1[1]?.id.toString(), a1[0]?.id.toString()],
    });
    expect(byKey[`${a.id}/${c2.id}`]?.heldIds).toEqual([a2.id.toString()]);
    expect(byKey[`${b.id}/${c1.id}`]?.heldIds).toEqual([b1.id.toString()]);
    expect(jobs.every((j) => String(j.id).startsWith('delivery-digest-'))).toBe(true);

    const rows = await prisma.heldNotification.findMany({ orderBy: { id: 'asc' } });
    expect(rows.filter((r) => r.releasedAt !== null).map((r) => r.id)).toEqual([...a1.map((r) => r.id), a2.id, b1.id].sort((x, y) => Number(x - y)));
    expect(rows.find((r) => r.id === later.id)?.releasedAt).toBeNull();

    // Nothing is released twice.
    expect(await makeTask().runOnce(now)).toBe(0);
    expect(await digestJobs()).toHaveLength(3);
  });

  it('lets two schedulers run at once without releasing a row twice', async () => {
    const project = await makeProject(prisma);
    const a = await integration(project.id);
    for (let i = 0; i < 30; i++) {
      const c = await makeCheck(prisma, project.id);
      await held(a.id, c.id, now);
    }
    const [x, y] = await Promise.all([makeTask(queues, 20).runOnce(now), makeTask(queues, 20).runOnce(now)]);
    expect((x as number) + (y as number)).toBeLessThanOrEqual(30);
    let rest = 0;
    for (let n = await makeTask().runOnce(now); n > 0; n = await makeTask().runOnce(now)) rest += n;
    expect((x as number) + (y as number) + rest).toBe(30);
    expect(await digestJobs()).toHaveLength(30);
  });

  it('keeps the rows held when Redis is unreachable, and releases them later', async () => {
    // (10 s: a hang here would mean the task waits on Redis while holding row locks.)
    const project = await makeProject(prisma);
    const c = await makeCheck(prisma, project.id);
    const a = await integration(project.id);
    const row = await held(a.id, c.id, now);
    // A producer connection that worked and then lost Redis: commands fail at once.
    const lostRedis = createRedis(testRedisUrl(), 'producer');
    const lostQueues = new Queues(lostRedis, prefix);
    await lostQueues.queue('deliveries').waitUntilReady();
    lostRedis.disconnect();
    try {
      await expect(makeTask(lostQueues).runOnce(now)).rejects.toThrow();
    } finally {
      await lostQueues.close().catch(() => {});
    }
    expect((await prisma.heldNotification.findUniqueOrThrow({ where: { id: row.id } })).releasedAt).toBeNull();
    expect(await makeTask().runOnce(now)).toBe(1);
    expect(await digestJobs()).toHaveLength(1);
  });

  it('releases a flapping digest once the latest release time of its pending rows has passed, all rows together', async () => {
    const project = await makeProject(prisma);
    const c = await makeCheck(prisma, project.id);
    const other = await makeCheck(prisma, project.id);
    const a = await integration(project.id);
    const min = (m: number) => new Date(now.getTime() + m * 60_000);
    // Held at 10:06, 10:07, 10:08 of a flapping check: each carries the release known then.
    const rows = [
      await held(a.id, c.id, min(0), 'down', 'flapping'),
      await held(a.id, c.id, min(1), 'up', 'flapping'),
      await held(a.id, c.id, min(2), 'down', 'flapping'),
    ];
    // Another check's flapping digest and a quiet-hours row of the same check are not held back by them.
    const otherRow = await held(a.id, other.id, min(0), 'down', 'flapping');
    const quiet = await held(a.id, c.id, min(0), 'up');

    expect(await makeTask().runOnce(min(1))).toBe(2);
    const first = await digestJobs();
    expect(first.map((j) => j.data.heldIds).sort()).toEqual([[otherRow.id.toString()], [quiet.id.toString()]].sort());
    expect(await makeTask().runOnce(min(1))).toBe(0);

    expect(await makeTask().runOnce(min(2))).toBe(3);
    const jobs = await digestJobs();
    const flapping = jobs.find((j) => j.data.heldIds?.includes(rows[0]!.id.toString()));
    expect(flapping?.data).toEqual({ integrationId: a.id, checkId: c.id, event: 'digest', heldIds: rows.map((r) => r.id.toString()) });
  });
});
