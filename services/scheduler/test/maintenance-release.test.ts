import { loadSchedulerConfig } from '@upmon/config';
import type { CheckStatus, PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import { systemClock } from '@upmon/service-kit';
import {
  makeCheck,
  makeIntegration,
  makeMaintenanceWindow,
  makeProject,
  openTestBackend,
  queuedJobs,
  testRedisUrl,
  type TestBackend,
  type TestDatabase,
} from '@upmon/testing';
import { createHeldReleaseTask } from '../src/tasks/held-release.js';
import { createMaintenanceReleaseTask } from '../src/tasks/maintenance-release.js';

// The maintenance-release task against a real database at fixed times around the Europe/Berlin
// DST changes: a hold due at the end of an occurrence is sent as one digest, dropped, pushed to
// the end of the maintenance still in progress, or to the end of quiet hours.
let db: TestDatabase;
let prisma: PrismaClient;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
const logger = createLogger({ service: 'scheduler', level: 'silent' });

function deps() {
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
  return { config, logger, prisma, queues, clock: systemClock } as unknown as Parameters<typeof createMaintenanceReleaseTask>[0];
}

beforeAll(async () => {
  backend = await openTestBackend();
  ({ db, prisma, prefix, queues } = backend);
});
afterAll(() => backend.close());
beforeEach(async () => {
  await prisma.heldNotification.deleteMany({});
  await prisma.maintenanceWindow.deleteMany({});
  await queues.queue('deliveries').obliterate({ force: true });
});

const at = (iso: string) => new Date(iso);

/** A down check of a project with a recurring window over it, and its down held until `releaseAt`. */
async function scenario(opts: { schedule: string; durationMin: number; releaseAt: Date; status?: CheckStatus; quietHours?: unknown }) {
  const project = await makeProject(prisma);
  const check = await makeCheck(prisma, project.id, { name: 'app', status: opts.status ?? 'down' });
  const hook = await makeIntegration(prisma, project.id, 'webhook', { url: 'http://x' }, { events: ['down', 'up'], quietHours: opts.quietHours as never });
  const window = await makeMaintenanceWindow(prisma, project.id, {
    name: 'nightly',
    schedule: opts.schedule,
    tz: 'Europe/Berlin',
    durationMin: opts.durationMin,
  });
  const down = await prisma.flip.create({
    data: {
      checkId: check.id,
      projectId: project.id,
      oldStatus: 'up',
      newStatus: 'down',
      reason: 'timeout',
      ts: new Date(opts.releaseAt.getTime() - 1_800_000),
    },
  });
  const held = await prisma.heldNotification.create({
    data: {
      integrationId: hook.id,
      checkId: check.id,
      flipId: down.id,
      event: 'down',
      ts: down.ts,
      releaseAt: opts.releaseAt,
      cause: 'maintenance',
      maintenanceWindowId: window.id,
    },
  });
  return { project, check, hook, window, held };
}

const row = (id: bigint) => prisma.heldNotification.findUniqueOrThrow({ where: { id } });

test('spring forward: 01:30 CET + 120 min ends at 04:30 CEST (02:30 UTC); then one digest, and not twice', async () => {
  const s = await scenario({ schedule: '30 1 * * *', durationMin: 120, releaseAt: at('2026-03-29T02:30:00Z') });
  const task = createMaintenanceReleaseTask(deps());
  expect(await task.runOnce(at('2026-03-29T02:29:59Z'))).toBe(0);
  expect(await task.runOnce(at('2026-03-29T02:30:00Z'))).toBe(1);
  expect(await row(s.held.id)).toMatchObject({ releasedAt: at('2026-03-29T02:30:00Z'), droppedAt: null });
  // A second scheduler (or the same after a restart) finds nothing left to do.
  expect(await createMaintenanceReleaseTask(deps()).runOnce(at('2026-03-29T02:31:00Z'))).toBe(0);
  const jobs = await queuedJobs(queues, 'deliveries');
  expect(jobs.map((j) => j.data)).toEqual([{ integrationId: s.hook.id, checkId: s.check.id, event: 'digest', heldIds: [s.held.id.toString()] }]);
  // held-release leaves maintenance rows alone.
  expect(await createHeldReleaseTask(deps()).runOnce(at('2026-03-29T03:00:00Z'))).toBe(0);
});

test('still under maintenance when due (a closed one-off, but the recurring window is on across the gap): waits for its end', async () => {
  // 00:00 CET (23:00 UTC) + 240 min ends at 05:00 CEST (03:00 UTC), across the 02:00 to 03:00 jump.
  const s = await scenario({ schedule: '0 0 * * *', durationMin: 240, releaseAt: at('2026-03-29T01:10:00Z') });
  const task = createMaintenanceReleaseTask(deps());
  expect(await task.runOnce(at('2026-03-29T01:10:00Z'))).toBe(1);
  expect(await row(s.held.id)).toMatchObject({ releaseAt: at('2026-03-29T03:00:00Z'), releasedAt: null, droppedAt: null, maintenanceWindowId: s.window.id });
  expect(await task.runOnce(at('2026-03-29T02:59:00Z'))).toBe(0);
  expect(await task.runOnce(at('2026-03-29T03:00:00Z'))).toBe(1);
  expect((await row(s.held.id)).releasedAt).toEqual(at('2026-03-29T03:00:00Z'));
});

test('fall back: the repeated 02:30 does not start the window again; the digest goes at 02:30 CET', async () => {
  // 02:30 CEST = 00:30 UTC, 60 min: ends 01:30 UTC, which reads 02:30 again (CET).
  const s = await scenario({ schedule: '30 2 * * *', durationMin: 60, releaseAt: at('2026-10-25T01:30:00Z') });
  expect(await createMaintenanceReleaseTask(deps()).runOnce(at('2026-10-25T01:30:00Z'))).toBe(1);
  expect((await row(s.held.id)).releasedAt).toEqual(at('2026-10-25T01:30:00Z'));
});

test('the check is up when the window ends: dropped, nothing enqueued, the delivery log says nothing was sent', async () => {
  const s = await scenario({ schedule: '30 1 * * *', durationMin: 60, releaseAt: at('2026-11-24T01:30:00Z'), status: 'up' });
  expect(await createMaintenanceReleaseTask(deps()).runOnce(at('2026-11-24T01:30:00Z'))).toBe(1);
  expect(await row(s.held.id)).toMatchObject({ releasedAt: null, droppedAt: at('2026-11-24T01:30:00Z') });
  expect(await queuedJobs(queues, 'deliveries')).toEqual([]);
  const log = await prisma.notificationDelivery.findMany({ where: { checkId: s.check.id } });
  expect(log.map((d) => [d.integrationId, d.event, d.status, d.error])).toEqual([
    [s.hook.id, 'digest', 'held', 'maintenance ended with the check up: nothing sent (1 held notification dropped)'],
  ]);
});

test('in the quiet hours of the integration the digest waits for their end (Berlin, 07:00 CET)', async () => {
  const s = await scenario({
    schedule: '0 2 * * *',
    durationMin: 60,
    releaseAt: at('2026-11-24T02:00:00Z'),
    quietHours: { from: '22:00', to: '07:00', tz: 'Europe/Berlin' },
  });
  const task = createMaintenanceReleaseTask(deps());
  expect(await task.runOnce(at('2026-11-24T02:00:00Z'))).toBe(1);
  expect(await row(s.held.id)).toMatchObject({ releaseAt: at('2026-11-24T06:00:00Z'), releasedAt: null, maintenanceWindowId: s.window.id });
  expect(await task.runOnce(at('2026-11-24T06:00:00Z'))).toBe(1);
  expect((await row(s.held.id)).releasedAt).toEqual(at('2026-11-24T06:00:00Z'));
});

test('a deleted window no longer holds: the digest names a maintenance window', async () => {
  const s = await scenario({ schedule: '0 2 * * *', durationMin: 60, releaseAt: at('2026-11-24T01:30:00Z') });
  await prisma.maintenanceWindow.delete({ where: { id: s.window.id } });
  expect(await createMaintenanceReleaseTask(deps()).runOnce(at('2026-11-24T01:30:00Z'))).toBe(1);
  expect((await row(s.held.id)).releasedAt).toEqual(at('2026-11-24T01:30:00Z'));
});
