import { loadSchedulerConfig } from '@upmon/config';
import type { CheckStatus, PrismaClient } from '@upmon/db';
import type { Queues } from '@upmon/queue';
import { systemClock } from '@upmon/service-kit';
import { makeCheck, makeIntegration, makeProject, testRedisUrl, openTestBackend, queuedJobs, type TestBackend, type TestDatabase } from '@upmon/testing';
import { createEscalationsTask } from '../src/tasks/escalations.js';
import { createRemindersTask } from '../src/tasks/reminders.js';
import { silentLogger as logger } from './scheduler-support.js';

let db: TestDatabase;
let prisma: PrismaClient;
let backend: TestBackend;
let prefix: string;
let queues: Queues;
let projectId: string;
const MIN = 60_000;
const H = 60 * MIN;

function deps() {
  const config = loadSchedulerConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
  return { config, logger, prisma, queues, clock: systemClock } as unknown as Parameters<typeof createEscalationsTask>[0];
}
const escalations = () => createEscalationsTask(deps());
const reminders = () => createRemindersTask(deps());

async function flip(checkId: string, oldStatus: CheckStatus, newStatus: CheckStatus, ts: Date) {
  await prisma.check.update({ where: { id: checkId }, data: { status: newStatus } });
  return prisma.flip.create({ data: { checkId, projectId, oldStatus, newStatus, reason: 'timeout', ts } });
}

/** A check that went down at `downAt`, with an escalation (and reminders) as the fan-out creates them. */
async function downEpisode(downAt: Date, delayMin: number, opts: { reminderHours?: number[]; enabled?: boolean } = {}) {
  const integration = await makeIntegration(
    prisma,
    projectId,
    'webhook',
    { url: 'http://x' },
    { enabled: opts.enabled ?? true, reminders: opts.reminderHours ?? [] },
  );
  await prisma.integration.update({ where: { id: integration.id }, data: { escalateAfterMin: delayMin } });
  const check = await makeCheck(prisma, projectId, { status: 'up' });
  const down = await flip(check.id, 'up', 'down', downAt);
  await prisma.escalation.create({
    data: { integrationId: integration.id, checkId: check.id, flipId: down.id, dueAt: new Date(downAt.getTime() + delayMin * MIN) },
  });
  for (const h of opts.reminderHours ?? []) {
    await prisma.reminder.create({
      data: { integrationId: integration.id, checkId: check.id, flipId: down.id, hours: h, dueAt: new Date(downAt.getTime() + h * H) },
    });
  }
  return { integration, check, down };
}

const escalationState = async (checkId: string) => {
  const e = await prisma.escalation.findFirstOrThrow({ where: { checkId } });
  return e.sentAt ? 'sent' : e.cancelledAt ? 'cancelled' : 'pending';
};
const reminderState = async (checkId: string) =>
  (await prisma.reminder.findMany({ where: { checkId }, orderBy: { hours: 'asc' } })).map((r) => (r.sentAt ? 'sent' : r.cancelledAt ? 'cancelled' : 'pending'));
const jobs = () => queuedJobs(queues, 'deliveries');

beforeAll(async () => {
  backend = await openTestBackend();
  ({ db, prisma, prefix, queues } = backend);
  projectId = (await makeProject(prisma)).id;
});
afterAll(() => backend.close());
beforeEach(async () => {
  await prisma.escalation.deleteMany({});
  await prisma.reminder.deleteMany({});
  await queues.queue('deliveries').obliterate({ force: true });
});

describe('escalations task', () => {
  const downAt = new Date('2026-11-21T22:00:00Z');

  it('sends an escalation when it falls due while the check is still down and unacknowledged, as the down of its flip', async () => {
    const { integration, check, down } = await downEpisode(downAt, 15);
    expect(await escalations().runOnce(new Date(downAt.getTime() + 15 * MIN - 1))).toBe(0);
    expect(await escalationState(check.id)).toBe('pending');

    expect(await escalations().runOnce(new Date(downAt.getTime() + 15 * MIN))).toBe(1);
    expect(await escalationState(check.id)).toBe('sent');
    expect(await jobs()).toEqual([
      { id: `delivery-${down.id}-${integration.id}`, data: { integrationId: integration.id, checkId: check.id, event: 'down', flipId: down.id.toString() } },
    ]);
    // A round repeated later finds nothing more to do.
    expect(await escalations().runOnce(new Date(downAt.getTime() + H))).toBe(0);
  });

  it('cancels the escalation of an acknowledged episode', async () => {
    const { check, down } = await downEpisode(downAt, 15);
    await prisma.acknowledgement.create({
      data: { checkId: check.id, flipId: down.id, acknowledgedBy: 'ann@example.com', via: 'web', acknowledgedAt: downAt },
    });
    expect(await escalations().runOnce(new Date(downAt.getTime() + 20 * MIN))).toBe(1);
    expect(await escalationState(check.id)).toBe('cancelled');
    expect(await jobs()).toHaveLength(0);
  });

  it('cancels the escalation of a check that recovered, went down again since, or is paused; or of a disabled integration', async () => {
    const recovered = await downEpisode(downAt, 15);
    await flip(recovered.check.id, 'down', 'up', new Date(downAt.getTime() + 10 * MIN));
    const again = await downEpisode(downAt, 15);
    await flip(again.check.id, 'down', 'up', new Date(downAt.getTime() + 5 * MIN));
    await flip(again.check.id, 'up', 'down', new Date(downAt.getTime() + 10 * MIN));
    const paused = await downEpisode(downAt, 15);
    await prisma.check.update({ where: { id: paused.check.id }, data: { status: 'paused' } });
    const disabled = await downEpisode(downAt, 15, { enabled: false });

    expect(await escalations().runOnce(new Date(downAt.getTime() + 20 * MIN))).toBe(4);
    for (const e of [recovered, again, paused, disabled]) expect(await escalationState(e.check.id)).toBe('cancelled');
    expect(await jobs()).toHaveLength(0);
  });

  it('counts the delay in absolute minutes across the Berlin fall-back hour', async () => {
    // 2026-10-25 02:50 CEST (00:50 UTC); at 03:00 CEST clocks go back to 02:00 CET. 60 minutes later
    // is 02:50 CET (01:50 UTC), not 03:50 on the wall clock.
    const berlinDown = new Date('2026-10-25T00:50:00Z');
    const { check } = await downEpisode(berlinDown, 60);
    expect((await prisma.escalation.findFirstOrThrow({ where: { checkId: check.id } })).dueAt).toEqual(new Date('2026-10-25T01:50:00Z'));
    expect(await escalations().runOnce(new Date('2026-10-25T01:49:59Z'))).toBe(0);
    expect(await escalations().runOnce(new Date('2026-10-25T01:50:00Z'))).toBe(1);
    expect(await escalationState(check.id)).toBe('sent');
  });

  it('never sends an escalation twice, even when two schedulers run at once', async () => {
    for (let n = 0; n < 20; n++) await downEpisode(downAt, 15);
    const now = new Date(downAt.getTime() + 15 * MIN);
    const handled = (await Promise.all([escalations().runOnce(now), escalations().runOnce(now), escalations().runOnce(now)])).reduce((a, b) => a + b, 0);
    expect(handled).toBe(20);
    expect(await prisma.escalation.count({ where: { sentAt: { not: null } } })).toBe(20);
    expect(await jobs()).toHaveLength(20);
  });
});

describe('reminders of acknowledged and escalated episodes', () => {
  const downAt = new Date('2026-11-22T22:00:00Z');

  it('cancels the reminders of an acknowledged episode', async () => {
    const { check, down } = await downEpisode(downAt, 0, { reminderHours: [1, 3] });
    await prisma.escalation.deleteMany({ where: { checkId: check.id } });
    expect(await reminders().runOnce(new Date(downAt.getTime() + H))).toBe(1);
    expect(await reminderState(check.id)).toEqual(['sent', 'pending']);
    await prisma.acknowledgement.create({ data: { checkId: check.id, flipId: down.id, acknowledgedBy: 'key', via: 'api', acknowledgedAt: downAt } });
    expect(await reminders().runOnce(new Date(downAt.getTime() + 3 * H))).toBe(1);
    expect(await reminderState(check.id)).toEqual(['sent', 'cancelled']);
    expect(await jobs()).toHaveLength(1);
  });

  it('sends a reminder of a delayed integration only once its escalation was sent', async () => {
    // Escalation after 2 h: the 1 h reminder comes before the integration heard of the down.
    const { check } = await downEpisode(downAt, 120, { reminderHours: [1, 3] });
    expect(await reminders().runOnce(new Date(downAt.getTime() + H))).toBe(1);
    expect(await reminderState(check.id)).toEqual(['cancelled', 'pending']);
    expect(await escalations().runOnce(new Date(downAt.getTime() + 2 * H))).toBe(1);
    expect(await reminders().runOnce(new Date(downAt.getTime() + 3 * H))).toBe(1);
    expect(await reminderState(check.id)).toEqual(['cancelled', 'sent']);
    expect((await jobs()).map((j) => j.data.event).sort()).toEqual(['down', 'reminder']);
  });

  it('cancels the reminders of a delayed integration whose escalation was cancelled', async () => {
    const { check, down } = await downEpisode(downAt, 30, { reminderHours: [1] });
    await prisma.acknowledgement.create({ data: { checkId: check.id, flipId: down.id, acknowledgedBy: 'alert link', via: 'link', acknowledgedAt: downAt } });
    expect(await escalations().runOnce(new Date(downAt.getTime() + 30 * MIN))).toBe(1);
    expect(await reminders().runOnce(new Date(downAt.getTime() + H))).toBe(1);
    expect(await reminderState(check.id)).toEqual(['cancelled']);
    expect(await jobs()).toHaveLength(0);
  });
});
