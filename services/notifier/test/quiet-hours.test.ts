import type { RunningService } from '@upmon/service-kit';
import { makeCheck, makeProject } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

describe('quiet hours in the notifier', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: RunningService;
  let now = new Date('2026-11-22T22:30:00Z'); // 23:30 in Berlin (CET)
  const clock = { now: () => now };

  beforeAll(async () => {
    receiver = await startRecordingServer();
    h = await createHarness();
    notifier = await h.start({}, clock);
  });
  afterAll(async () => {
    await notifier?.stop();
    await h?.close();
    await receiver?.close();
  });

  const settle = () => h.settle();

  it('holds notifications inside the window and sends one digest with the latest status afterwards', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'db backup', status: 'up' });
    const quiet = await makeIntegration(
      h.prisma,
      project.id,
      'webhook',
      { url: `${receiver.url}/quiet` },
      { quietHours: { from: '22:00', to: '07:00', tz: 'Europe/Berlin' } },
    );
    const loud = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/loud` });

    const down = await makeFlip(h.prisma, check, 'up', 'down', { ts: new Date('2026-11-22T22:29:00Z') });
    await settle();
    // A reminder falls due at night (the scheduler enqueues it as it would).
    const reminder = await h.prisma.reminder.create({
      data: { integrationId: quiet.id, checkId: check.id, flipId: down.id, hours: 1, dueAt: new Date('2026-11-22T23:29:00Z'), sentAt: now },
    });
    now = new Date('2026-11-22T23:30:00Z');
    await h.queues.enqueue('deliveries', {
      integrationId: quiet.id,
      checkId: check.id,
      event: 'reminder',
      flipId: down.id.toString(),
      reminderId: reminder.id.toString(),
    });
    await settle();
    now = new Date('2026-11-23T04:10:00Z'); // 05:10 in Berlin
    const up = await makeFlip(h.prisma, check, 'down', 'up', { ts: new Date('2026-11-23T04:09:30Z') });
    await settle();

    // The integration without quiet hours heard everything at once; the quiet one nothing yet.
    expect(receiver.requests.filter((r) => r.path === '/loud').map((r) => JSON.parse(r.body).event)).toEqual(['down', 'up']);
    expect(receiver.requests.filter((r) => r.path === '/quiet')).toHaveLength(0);
    const held = await h.prisma.heldNotification.findMany({ where: { integrationId: quiet.id }, orderBy: { ts: 'asc' } });
    expect(held.map((r) => [r.event, r.ts.toISOString(), r.releaseAt?.toISOString(), r.releasedAt])).toEqual([
      ['down', '2026-11-22T22:29:00.000Z', '2026-11-23T06:00:00.000Z', null], // 07:00 CET
      ['reminder', '2026-11-22T23:30:00.000Z', '2026-11-23T06:00:00.000Z', null],
      ['up', '2026-11-23T04:09:30.000Z', '2026-11-23T06:00:00.000Z', null],
    ]);
    const log = await h.prisma.notificationDelivery.findMany({ where: { integrationId: quiet.id }, orderBy: { id: 'asc' } });
    expect(log.map((r) => [r.event, r.status])).toEqual([
      ['down', 'held'],
      ['reminder', 'held'],
      ['up', 'held'],
    ]);

    // The window ends; the scheduler's held-release enqueues one digest for (integration, check).
    now = new Date('2026-11-23T06:00:05Z');
    await h.prisma.heldNotification.updateMany({ where: { integrationId: quiet.id }, data: { releasedAt: now } });
    await h.queues.enqueue('deliveries', { integrationId: quiet.id, checkId: check.id, event: 'digest', heldIds: held.map((r) => r.id.toString()) });
    await settle();
    const digests = receiver.requests.filter((r) => r.path === '/quiet');
    expect(digests).toHaveLength(1);
    const body = JSON.parse(digests[0]?.body ?? '');
    expect(body).toMatchObject({ event: 'digest', status: 'up', check_name: 'db backup', subject: 'UP | db backup (3 held during quiet hours)' });
    expect(body.message).toContain(
      'During quiet hours: DOWN at 2026-11-22 22:29:00 UTC; still down (reminder) at 2026-11-22 23:30:00 UTC; UP at 2026-11-23 04:09:30 UTC.',
    );
    expect(body.message).toContain('is UP since 2026-11-23 04:09:30 UTC');
    const digestLog = await h.prisma.notificationDelivery.findFirst({ where: { integrationId: quiet.id, event: 'digest' } });
    expect(digestLog).toMatchObject({ status: 'succeeded', flipId: null, attempt: 1 });
  });

  it('delivers at once outside the window', async () => {
    now = new Date('2026-11-23T12:00:00Z'); // 13:00 in Berlin
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const quiet = await makeIntegration(
      h.prisma,
      project.id,
      'webhook',
      { url: `${receiver.url}/daytime` },
      { quietHours: { from: '22:00', to: '07:00', tz: 'Europe/Berlin' } },
    );
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    await settle();
    expect(receiver.requests.filter((r) => r.path === '/daytime')).toHaveLength(1);
    expect(await h.prisma.heldNotification.count({ where: { integrationId: quiet.id } })).toBe(0);
  });
});
