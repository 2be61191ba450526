import type { RunningService } from '@upmon/service-kit';
import { makeCheck, makeProject, startRecordingServer, type RecordingServer } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';

describe('snooze in the notifier (docs/notifications.md, "Snooze")', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: RunningService;
  let now = new Date('2026-11-23T10:00:00Z');
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

  const eventsAt = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body).event as string);
  const logOf = async (integrationId: number) =>
    (await h.prisma.notificationDelivery.findMany({ where: { integrationId }, orderBy: { id: 'asc' } })).map((r) => [r.event, r.status, r.error]);

  it('mutes a timed snooze and sends again once it has ended', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/timed` });
    await h.prisma.check.update({
      where: { id: check.id },
      data: { snoozedAt: new Date('2026-11-23T09:50:00Z'), snoozedUntil: new Date('2026-11-23T11:00:00Z'), snoozedBy: 'ann@example.com' },
    });
    now = new Date('2026-11-23T10:00:00Z');
    await makeFlip(h.prisma, check, 'up', 'down', { ts: now });
    await h.settle();
    expect(eventsAt('/timed')).toEqual([]);
    expect(await logOf(hook.id)).toEqual([['down', 'held', 'snoozed by ann@example.com until 2026-11-23T11:00:00.000Z: muted, not sent']]);
    // Nothing is kept to be sent later.
    expect(await h.prisma.heldNotification.count({ where: { integrationId: hook.id } })).toBe(0);

    now = new Date('2026-11-23T11:00:00Z');
    await makeFlip(h.prisma, check, 'down', 'up', { ts: now });
    await h.settle();
    expect(eventsAt('/timed')).toEqual(['up']);
  });

  it('mutes until the check recovers, that recovery included, and hears the next outage', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'down' });
    const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/recovery` });
    now = new Date('2026-11-23T12:00:00Z');
    await h.prisma.check.update({ where: { id: check.id }, data: { snoozedAt: now, snoozedUntil: null, snoozedBy: 'API key deploy' } });
    now = new Date('2026-11-23T12:10:00Z');
    await makeFlip(h.prisma, check, 'down', 'up', { ts: now });
    await h.settle();
    now = new Date('2026-11-23T12:20:00Z');
    await makeFlip(h.prisma, check, 'up', 'down', { ts: now });
    await h.settle();
    expect(eventsAt('/recovery')).toEqual(['down']);
    expect((await logOf(hook.id))[0]).toEqual(['up', 'held', 'snoozed by API key deploy until it recovers: muted, not sent']);
  });

  it('does not touch a check that is not snoozed', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/plain` });
    await makeFlip(h.prisma, check, 'up', 'down', { ts: now });
    await h.settle();
    expect(eventsAt('/plain')).toEqual(['down']);
  });
});
