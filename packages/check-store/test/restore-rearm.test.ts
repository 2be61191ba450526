import { makeCheck, openTestStore, type TestStore } from '@upmon/testing';
import { rearmDeadlinesAfterRestore, type RearmSummary } from '../src/index.js';

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

it('re-arms every pending deadline in batches, leaves the others, and changes nothing when run again', async () => {
  const { prisma, pool, projectId } = store;
  const lastPing = new Date('2026-03-08T12:00:00Z');
  const restoredAt = new Date('2026-03-10T12:00:00.123Z');
  const up = await Promise.all(
    Array.from({ length: 5 }, () =>
      makeCheck(prisma, projectId, { status: 'up', lastPingAt: lastPing, periodSec: 3600, nextDeadlineAt: new Date(lastPing.getTime() + 3600_000) }),
    ),
  );
  const down = await makeCheck(prisma, projectId, { status: 'down', lastPingAt: lastPing });
  const paused = await makeCheck(prisma, projectId, { status: 'paused', lastPingAt: lastPing });

  const batches: RearmSummary[] = [];
  expect(await rearmDeadlinesAfterRestore(pool, restoredAt, { batchSize: 2, onBatch: (s) => batches.push(s) })).toEqual({ examined: 5, rearmed: 5 });
  expect(batches.map((b) => b.examined)).toEqual([2, 4, 5]);

  const rows = await prisma.check.findMany({ where: { id: { in: up.map((c) => c.id) } } });
  for (const r of rows) {
    expect([r.status, r.resumedAt, r.nextDeadlineAt, r.lastPingAt]).toEqual(['up', restoredAt, new Date(restoredAt.getTime() + 3600_000), lastPing]);
  }
  expect(await prisma.check.findUnique({ where: { id: down.id } })).toEqual(down);
  expect(await prisma.check.findUnique({ where: { id: paused.id } })).toEqual(paused);
  expect(await prisma.flip.count()).toBe(0);

  expect(await rearmDeadlinesAfterRestore(pool, restoredAt)).toEqual({ examined: 5, rearmed: 0 });
});
