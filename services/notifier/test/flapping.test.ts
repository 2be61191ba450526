import type { CheckStatus, FlipReason } from '@upmon/db';
import type { RunningService } from '@upmon/service-kit';
import { makeCheck, makeProject } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

describe('flapping in the notifier', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: RunningService;
  let now = new Date('2026-11-24T10:00:00Z');
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
  const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00Z`);

  /** Commits a flip at `ts` (the notifier's clock moves there too) and lets the notifier handle it. */
  async function flip(check: { id: string; projectId: string }, from: CheckStatus, to: CheckStatus, ts: Date, reason?: FlipReason) {
    now = ts;
    const f = await makeFlip(h.prisma, check, from, to, { ts, reason });
    await settle();
    return f;
  }

  it('sends 6 changes an hour one by one, collapses the rest into one digest, and sends one by one again once the hour is quiet', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'payments api', status: 'up' });
    const collapsing = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/collapsing` }); // default: 6 per 60 min
    const everyChange = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/every` }, { flapMaxChanges: null });
    const sent = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, string>);

    // A pause and a resume are someone's decision, not instability: they do not count.
    await flip(check, 'up', 'paused', at('09:58'), 'manual');
    await flip(check, 'paused', 'up', at('09:59'), 'resumed');
    // Nine changes in nine minutes, ending down (a real outage follows the flapping).
    const flips = [];
    for (let k = 0; k < 9; k++) flips.push(await flip(check, k % 2 ? 'down' : 'up', k % 2 ? 'up' : 'down', at(`10:0${k}`), k % 2 ? 'ping' : 'fail'));

    expect(sent('/every').map((b) => b.event)).toEqual(['down', 'up', 'down', 'up', 'down', 'up', 'down', 'up', 'down']);
    expect(sent('/collapsing').map((b) => b.event)).toEqual(['down', 'up', 'down', 'up', 'down', 'up']);
    const held = await h.prisma.heldNotification.findMany({ where: { integrationId: collapsing.id }, orderBy: { ts: 'asc' } });
    // Each row carries the digest's release as known when it was held: 10 min after it (settled).
    expect(held.map((r) => [r.event, r.cause, r.ts.toISOString(), r.releaseAt?.toISOString()])).toEqual([
      ['down', 'flapping', '2026-11-24T10:06:00.000Z', '2026-11-24T10:16:00.000Z'],
      ['up', 'flapping', '2026-11-24T10:07:00.000Z', '2026-11-24T10:17:00.000Z'],
      ['down', 'flapping', '2026-11-24T10:08:00.000Z', '2026-11-24T10:18:00.000Z'],
    ]);
    const log = await h.prisma.notificationDelivery.findMany({ where: { integrationId: collapsing.id }, orderBy: { id: 'asc' } });
    expect(log.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'held', 'held', 'held']);
    expect(log[6]?.error).toBe('flapping (7 status changes in 60 min): collapsed into one digest, due 2026-11-24T10:16:00.000Z if the check changes no more');
    expect(log[7]?.error).toContain('flapping (8 status changes in 60 min)');

    // The scheduler's held-release sends the digest once the latest release time has passed.
    now = at('10:18');
    await h.prisma.heldNotification.updateMany({ where: { integrationId: collapsing.id }, data: { releasedAt: now } });
    await h.queues.enqueue('deliveries', { integrationId: collapsing.id, checkId: check.id, event: 'digest', heldIds: held.map((r) => r.id.toString()) });
    await settle();
    const [digest] = sent('/collapsing').slice(6);
    expect(digest).toMatchObject({ event: 'digest', status: 'down', reason: 'flapping', subject: 'DOWN | payments api (flapping, 3 changes)' });
    expect(digest?.message).toContain(
      'payments api is flapping: 3 status changes between 2026-11-24 10:06:00 UTC and 2026-11-24 10:08:00 UTC were collapsed into this message. It is DOWN now since 2026-11-24 10:08:00 UTC (for 10 min).',
    );

    // 10:30: nine changes in the last hour still: collapsed again, into a new digest.
    await flip(check, 'down', 'up', at('10:30'), 'ping');
    expect(sent('/collapsing')).toHaveLength(7);
    const next = await h.prisma.heldNotification.findFirstOrThrow({ where: { integrationId: collapsing.id, releasedAt: null } });
    expect(next).toMatchObject({ event: 'up', cause: 'flapping', releaseAt: at('10:40') });
    await h.prisma.heldNotification.updateMany({ where: { id: next.id }, data: { releasedAt: at('10:40') } });

    // 11:20: two changes in the hour ending now: sent at once, one message per change again.
    await flip(check, 'up', 'down', at('11:20'), 'fail');
    expect(
      sent('/collapsing')
        .slice(7)
        .map((b) => [b.event, b.status]),
    ).toEqual([['down', 'down']]);
    expect(sent('/every')).toHaveLength(11);
  });

  it('keeps collapsing while a digest is pending, so no single message overtakes it', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/pending` }, { flapMaxChanges: 2, flapWindowMin: 10 });
    await flip(check, 'up', 'down', at('12:00'), 'fail');
    await flip(check, 'down', 'up', at('12:01'), 'ping');
    await flip(check, 'up', 'down', at('12:02'), 'fail'); // 3 in 10 min: collapsed, digest due 12:07 (settle 5 min)
    // 12:11: only 2 changes in (12:01, 12:11], but the digest is still pending: this joins it.
    await flip(check, 'down', 'up', at('12:11'), 'ping');
    const held = await h.prisma.heldNotification.findMany({ where: { integrationId: hook.id }, orderBy: { ts: 'asc' } });
    expect(held.map((r) => [r.event, r.releaseAt?.toISOString()])).toEqual([
      ['down', '2026-11-24T12:07:00.000Z'],
      // min(12:11 + 5 min, first held 12:02 + 10 min)
      ['up', '2026-11-24T12:12:00.000Z'],
    ]);
    const log = await h.prisma.notificationDelivery.findMany({ where: { integrationId: hook.id }, orderBy: { id: 'asc' } });
    expect(log.at(-1)?.error).toContain('flapping (a flapping digest is pending)');
    expect(receiver.requests.filter((r) => r.path === '/pending')).toHaveLength(2);
  });
});
