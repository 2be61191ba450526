import { createAckTokens } from '@upmon/crypto';
import { eventually, makeCheck, makeProject, startService, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { NotifierServices } from './support/notifier-services.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

/**
 * Escalation delays in the notifier (docs/notifications.md, "Escalation"). The scheduler's
 * escalations task is not running here: where a test needs an escalation sent, it does what the
 * task does (marks the row sent and enqueues the flip's `down` delivery).
 */
describe('escalation delays in the fan-out', () => {
  const services = new NotifierServices();
  let h: Harness;
  let receiver: RecordingServer;

  beforeAll(async () => {
    await services.open();
    ({ h, receiver } = services);
  });
  afterAll(() => services.close());

  const events = (name: string) => receiver.requests.filter((r) => r.path === `/${name}`).map((r) => JSON.parse(r.body).event as string);

  async function setup(name: string) {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const now = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/${name}-now` }, { reminders: [1] });
    const later = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/${name}-later` }, { reminders: [1] });
    await h.prisma.integration.update({ where: { id: later.id }, data: { escalateAfterMin: 15 } });
    return { project, check, now, later };
  }

  /** What the scheduler's escalations task does when an escalation falls due. */
  async function sendEscalation(integrationId: number, flipId: bigint, checkId: string) {
    await h.prisma.escalation.update({ where: { integrationId_flipId: { integrationId, flipId } }, data: { sentAt: new Date() } });
    await h.queues.enqueue('deliveries', { integrationId, checkId, event: 'down', flipId: flipId.toString() });
  }

  it('notifies an integration without a delay at once and schedules the delayed one (with its reminders)', async () => {
    const { check, later } = await setup('a');
    const ts = new Date(Date.now() - 1000);
    const down = await makeFlip(h.prisma, check, 'up', 'down', { ts });
    await h.settle();
    expect(events('a-now')).toEqual(['down']);
    expect(events('a-later')).toEqual([]);
    const escalation = await h.prisma.escalation.findUniqueOrThrow({ where: { integrationId_flipId: { integrationId: later.id, flipId: down.id } } });
    expect(escalation).toMatchObject({ checkId: check.id, dueAt: new Date(ts.getTime() + 15 * 60_000), sentAt: null, cancelledAt: null });
    expect(await h.prisma.reminder.count({ where: { flipId: down.id } })).toBe(2);
  });

  it('sends the up to the delayed integration when its escalation was sent', async () => {
    const { check, later } = await setup('b');
    const down = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    await sendEscalation(later.id, down.id, check.id);
    await h.settle();
    expect(events('b-later')).toEqual(['down']);
    // The escalated down is an ordinary down alert: it carries the episode's acknowledgement link.
    const body = JSON.parse(receiver.requests.find((r) => r.path === '/b-later')!.body);
    const token = /^https:\/\/upmon\.test\/ack\/([A-Za-z0-9_-]+)$/.exec(body.ack_link)?.[1];
    expect(createAckTokens([TEST_ENCRYPTION_KEY]).verify(token ?? '', new Date())).toMatchObject({ ok: true, checkId: check.id, flipId: down.id.toString() });
    expect(body.message).toContain(`Acknowledge: ${body.ack_link}`);
    await makeFlip(h.prisma, check, 'down', 'up');
    await h.settle();
    expect(events('b-now')).toEqual(['down', 'up']);
    expect(events('b-later')).toEqual(['down', 'up']);
    // Recoveries have nothing to acknowledge.
    expect(JSON.parse(receiver.requests.filter((r) => r.path === '/b-later')[1]!.body)).not.toHaveProperty('ack_link');
  });

  it('a reminder carries the acknowledgement link of its episode', async () => {
    const { check, now } = await setup('r');
    const down = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    const reminder = await h.prisma.reminder.findFirstOrThrow({ where: { flipId: down.id, integrationId: now.id } });
    await h.prisma.reminder.update({ where: { id: reminder.id }, data: { sentAt: new Date() } });
    await h.queues.enqueue('deliveries', {
      integrationId: now.id,
      checkId: check.id,
      event: 'reminder',
      flipId: down.id.toString(),
      reminderId: reminder.id.toString(),
    });
    await h.settle();
    const bodies = receiver.requests.filter((r) => r.path === '/r-now').map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.event)).toEqual(['down', 'reminder']);
    const token = /\/ack\/([A-Za-z0-9_-]+)$/.exec(bodies[1].ack_link)?.[1];
    expect(createAckTokens([TEST_ENCRYPTION_KEY]).verify(token ?? '', new Date())).toMatchObject({ ok: true, checkId: check.id, flipId: down.id.toString() });
  });

  it('sends nothing to the delayed integration when the check recovers before its escalation', async () => {
    const { check } = await setup('c');
    await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    await makeFlip(h.prisma, check, 'down', 'up');
    await h.settle();
    expect(events('c-now')).toEqual(['down', 'up']);
    expect(events('c-later')).toEqual([]);
    // The next episode is escalated on its own.
    const again = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    expect(await h.prisma.escalation.count({ where: { checkId: check.id } })).toBe(2);
    expect(await h.prisma.escalation.count({ where: { flipId: again.id } })).toBe(1);
  });

  it('a flip fanned out again (Redis recovery) plans its escalation once and still delivers nothing to the delayed integration', async () => {
    const { check } = await setup('d');
    const down = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    await h.prisma.$executeRaw`UPDATE flips SET fanned_out_at = NULL WHERE id = ${down.id}`;
    await h.prisma.$executeRaw`SELECT pg_notify('upmon_flips', '')`;
    await h.settle();
    expect(await h.prisma.escalation.count({ where: { flipId: down.id } })).toBe(1);
    expect(events('d-now')).toEqual(['down']);
    expect(events('d-later')).toEqual([]);
  });
});

// Spawns the built notifier (`pnpm build` first, as scripts/test.sh does).
describe('escalations and a notifier killed during the fan-out', () => {
  let h: Harness;
  let receiver: RecordingServer;

  beforeAll(async () => {
    receiver = await startRecordingServer();
    // A killed notifier's jobs come back after the stall timeout; a live one renews its locks every
    // half of it, which a busy machine can delay by a second or more (then a live job runs twice).
    h = await createHarness({ NOTIFIER_STALL_TIMEOUT_MS: '5000', NOTIFIER_RETRY_BASE_MS: '200' });
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('loses no escalation and delivers nothing early to the delayed integration', async () => {
    const project = await makeProject(h.prisma);
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/kill-now` });
    const later = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/kill-later` });
    await h.prisma.integration.update({ where: { id: later.id }, data: { escalateAfterMin: 15 } });
    const env = { ...h.env, NOTIFIER_FAN_OUT_BATCH: '10' };
    const first = await startService('notifier', env);
    const checks = await h.prisma.check.createManyAndReturn({
      data: Array.from({ length: 200 }, (_, i) => ({
        projectId: project.id,
        name: `k-${i}`,
        scheduleKind: 'period' as const,
        periodSec: 60,
        graceSec: 60,
        status: 'down' as const,
      })),
      select: { id: true },
    });
    const flips = await h.prisma.flip.createManyAndReturn({
      data: checks.map((c) => ({
        checkId: c.id,
        projectId: project.id,
        oldStatus: 'up' as const,
        newStatus: 'down' as const,
        reason: 'timeout' as const,
        ts: new Date(),
      })),
      select: { id: true },
    });
    const now = () => receiver.accepted.filter((r) => r.path === '/kill-now');
    await receiver.waitFor(() => now().length >= 20, 60_000);
    expect(await first.stop('SIGKILL')).toBeNull();
    const second = await startService('notifier', env);
    try {
      await eventually(async () => (await h.prisma.flip.count({ where: { fannedOutAt: null } })) === 0, 60_000);
      await receiver.waitFor(() => new Set(now().map((r) => JSON.parse(r.body).check_id)).size >= flips.length, 60_000);
      const rows = await h.prisma.escalation.groupBy({ by: ['flipId'], _count: true, where: { integrationId: later.id } });
      expect(rows).toHaveLength(flips.length);
      expect(rows.every((r) => r._count === 1)).toBe(true);
      expect(receiver.accepted.filter((r) => r.path === '/kill-later')).toHaveLength(0);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });
});
