import { loadSchedulerConfig } from '@upmon/config';
import type { CheckStatus, PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import { makeCheck, makeIntegration, makeProject, testRedisUrl, openTestBackend, queuedJobs, type TestBackend, type TestDatabase } from '@upmon/testing';
import { createRemindersTask } from '../src/tasks/reminders.js';

let db: TestDatabase;
let prisma: PrismaClient;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
let projectId: string;
const logger = createLogger({ service: 'scheduler', level: 'silent' });
const H = 3_600_000;

function task() {
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
  return createRemindersTask({ config, logger, prisma, queues });
}

async function integration(overrides: { enabled?: boolean; events?: string[]; reminders?: number[] | null } = {}) {
  return makeIntegration(
    prisma,
    projectId,
    'webhook',
    { url: 'http://x' },
    {
      name: 'hook',
      events: overrides.events ?? ['down', 'up'],
      enabled: overrides.enabled ?? true,
      reminders: overrides.reminders === null ? undefined : (overrides.reminders ?? [1, 3, 24]),
    },
  );
}

async function flip(checkId: string, oldStatus: CheckStatus, newStatus: CheckStatus, ts: Date) {
  await prisma.check.update({ where: { id: checkId }, data: { status: newStatus } });
  return prisma.flip.create({ data: { checkId, projectId, oldStatus, newStatus, reason: 'timeout', ts } });
}

/** A check that went down at `downAt`, with reminder rows as the fan-out creates them. */
async function downEpisode(integrationId: number, downAt: Date, hours: number[]) {
  const check = await makeCheck(prisma, projectId, { status: 'up' });
  const down = await flip(check.id, 'up', 'down', downAt);
  for (const h of hours) {
    await prisma.reminder.create({ data: { integrationId, checkId: check.id, flipId: down.id, hours: h, dueAt: new Date(downAt.getTime() + h * H) } });
  }
  return { check, down };
}

const reminderJobs = () => queuedJobs(queues, 'deliveries');

const state = async (checkId: string) =>
  (await prisma.reminder.findMany({ where: { checkId }, orderBy: { hours: 'asc' } })).map((r) => [
    r.hours,
    r.sentAt ? 'sent' : r.cancelledAt ? 'cancelled' : 'pending',
  ]);

beforeAll(async () => {
  backend = await openTestBackend();
  ({ db, prisma, prefix, queues } = backend);
  projectId = (await makeProject(prisma)).id;
});
afterAll(() => backend.close());
beforeEach(async () => {
  await prisma.reminder.deleteMany({});
  await queues.queue('deliveries').obliterate({ force: true });
});

describe('reminders task', () => {
  const downAt = new Date('2026-11-21T22:00:00Z');

  it('sends each reminder when it falls due while the check is still down', async () => {
    const i = await integration();
    const { check, down } = await downEpisode(i.id, downAt, [1, 3, 24]);

    expect(await task().runOnce(new Date(downAt.getTime() + H - 1))).toBe(0);
    expect(await reminderJobs()).toHaveLength(0);

    expect(await task().runOnce(new Date(downAt.getTime() + H))).toBe(1);
    const reminder1 = await prisma.reminder.findFirstOrThrow({ where: { checkId: check.id, hours: 1 } });
    expect(await reminderJobs()).toEqual([
      {
        id: `delivery-reminder-${reminder1.id}`,
        data: { integrationId: i.id, checkId: check.id, event: 'reminder', flipId: down.id.toString(), reminderId: reminder1.id.toString() },
      },
    ]);
    expect(await state(check.id)).toEqual([
      [1, 'sent'],
      [3, 'pending'],
      [24, 'pending'],
    ]);
    expect(await task().runOnce(new Date(downAt.getTime() + 3 * H + 5000))).toBe(1);
    expect(await state(check.id)).toEqual([
      [1, 'sent'],
      [3, 'sent'],
      [24, 'pending'],
    ]);
    expect(await reminderJobs()).toHaveLength(2);
  });

  it('sends only the largest of several overdue reminders of one episode', async () => {
    const i = await integration();
    const { check } = await downEpisode(i.id, downAt, [1, 3, 24]);
    expect(await task().runOnce(new Date(downAt.getTime() + 30 * H))).toBe(3);
    expect(await state(check.id)).toEqual([
      [1, 'cancelled'],
      [3, 'cancelled'],
      [24, 'sent'],
    ]);
    expect(await reminderJobs()).toHaveLength(1);
  });

  it('cancels reminders of a check that recovered, or went down again since', async () => {
    const i = await integration();
    const recovered = await downEpisode(i.id, downAt, [1]);
    await flip(recovered.check.id, 'down', 'up', new Date(downAt.getTime() + 10 * 60_000));
    const again = await downEpisode(i.id, downAt, [1]);
    await flip(again.check.id, 'down', 'up', new Date(downAt.getTime() + 10 * 60_000));
    await flip(again.check.id, 'up', 'down', new Date(downAt.getTime() + 20 * 60_000)); // a new episode
    const paused = await downEpisode(i.id, downAt, [1]);
    await prisma.check.update({ where: { id: paused.check.id }, data: { status: 'paused' } });

    expect(await task().runOnce(new Date(downAt.getTime() + 2 * H))).toBe(3);
    expect(await state(recovered.check.id)).toEqual([[1, 'cancelled']]);
    expect(await state(again.check.id)).toEqual([[1, 'cancelled']]);
    expect(await state(paused.check.id)).toEqual([[1, 'cancelled']]);
    expect(await reminderJobs()).toHaveLength(0);
  });

  it('cancels reminders the integration no longer wants', async () => {
    const disabled = await integration({ enabled: false });
    const noDown = await integration({ events: ['up'] });
    const changed = await integration({ reminders: [2] });
    const removed = await integration({ reminders: null });
    const episodes = [
      await downEpisode(disabled.id, downAt, [1]),
      await downEpisode(noDown.id, downAt, [1]),
      await downEpisode(changed.id, downAt, [1]),
      await downEpisode(removed.id, downAt, [1]),
    ];
    expect(await task().runOnce(new Date(downAt.getTime() + 2 * H))).toBe(4);
    for (const e of episodes) expect(await state(e.check.id)).toEqual([[1, 'cancelled']]);
    expect(await reminderJobs()).toHaveLength(0);
  });

  it('never sends a reminder twice, even when two schedulers run at once', async () => {
    const i = await integration({ reminders: [1] });
    for (let n = 0; n < 20; n++) await downEpisode(i.id, downAt, [1]);
    const now = new Date(downAt.getTime() + H);
    const handled = (await Promise.all([task().runOnce(now), task().runOnce(now), task().runOnce(now)])).reduce((a, b) => a + b, 0);
    expect(handled).toBe(20);
    expect(await task().runOnce(now)).toBe(0);
    expect(await prisma.reminder.count({ where: { sentAt: { not: null } } })).toBe(20);
    expect(await reminderJobs()).toHaveLength(20);
  });
});
