import { eventually, makeCheck, makeProject, startService, startTcpProxy, testRedisUrl } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

/** `n` checks that went down, made in two statements (a burst, quickly). */
async function makeDownFlips(prisma: Harness['prisma'], projectId: string, n: number) {
  const checks = await prisma.check.createManyAndReturn({
    data: Array.from({ length: n }, (_, i) => ({
      projectId,
      name: `burst-${i}`,
      scheduleKind: 'period' as const,
      periodSec: 60,
      graceSec: 60,
      status: 'down' as const,
    })),
    select: { id: true },
  });
  return prisma.flip.createManyAndReturn({
    data: checks.map((c) => ({ checkId: c.id, projectId, oldStatus: 'up' as const, newStatus: 'down' as const, reason: 'timeout' as const, ts: new Date() })),
    select: { id: true, checkId: true },
  });
}

// Spawns the built notifier (`pnpm build` first, as scripts/test.sh does).
describe('notifier reliability', () => {
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

  it('a notifier killed (SIGKILL) in the middle of a delivery delivers it after restart', async () => {
    let killed = false;
    receiver.respond((req) => (req.path === '/kill' && !killed ? { hang: true } : {}));
    const first = await startService('notifier', h.env);
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const integration = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/kill` });
    const flip = await makeFlip(h.prisma, check, 'up', 'down');

    await receiver.waitFor((reqs) => reqs.some((r) => r.path === '/kill')); // the request is in flight
    killed = true;
    expect(await first.stop('SIGKILL')).toBeNull();
    expect(await h.prisma.notificationDelivery.count({ where: { integrationId: integration.id } })).toBe(0);

    const second = await startService('notifier', h.env);
    try {
      await receiver.waitFor(() => receiver.accepted.some((r) => r.path === '/kill'), 60_000);
      const log = await eventually(() => h.prisma.notificationDelivery.findFirst({ where: { integrationId: integration.id, status: 'succeeded' } }));
      expect(log).toMatchObject({ flipId: flip.id, event: 'down' });
      expect(JSON.parse(receiver.accepted.find((r) => r.path === '/kill')?.body ?? '{}').check_id).toBe(check.id);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });

  it('a notifier killed (SIGKILL) during a burst loses no flip: what it had not fanned out waits in PostgreSQL', async () => {
    const project = await makeProject(h.prisma);
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/killed-burst` });
    const burst = () => receiver.accepted.filter((r) => r.path === '/killed-burst');
    // Small claims, so that claims are under way (and rolled back) when the kill comes.
    const env = { ...h.env, NOTIFIER_FAN_OUT_BATCH: '10' };
    const first = await startService('notifier', env);
    const flips = await makeDownFlips(h.prisma, project.id, 400);
    await receiver.waitFor(() => burst().length >= 20, 60_000);
    expect(await first.stop('SIGKILL')).toBeNull();
    const second = await startService('notifier', env);
    try {
      await receiver.waitFor(() => new Set(burst().map((r) => JSON.parse(r.body).check_id)).size >= flips.length, 60_000);
      await eventually(async () => (await h.prisma.flip.count({ where: { fannedOutAt: null } })) === 0);
      const delivered = burst().map((r) => JSON.parse(r.body).check_id as string);
      expect(new Set(delivered)).toEqual(new Set(flips.map((f) => f.checkId)));
      // At least once: only requests in flight at the kill (concurrency 20) may arrive twice.
      expect(delivered.length).toBeLessThanOrEqual(flips.length + 20);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });

  it('loses no delivery when the connection to Redis drops during a burst', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(testRedisUrl()).port || 6379) });
    // Slow receiver: work is in flight when the connection drops.
    receiver.respond(async (req) => {
      if (req.path === '/burst') await new Promise((r) => setTimeout(r, 5));
      return {};
    });
    const notifier = await h.start({ REDIS_URL: proxy.url, NOTIFIER_CONCURRENCY: '10' });
    try {
      const project = await makeProject(h.prisma);
      await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/burst` });
      const flips = await makeDownFlips(h.prisma, project.id, 150);
      const burst = () => receiver.accepted.filter((r) => r.path === '/burst');
      await receiver.waitFor(() => burst().length >= 30, 60_000);
      proxy.cut();
      const atCut = burst().length;
      await new Promise((r) => setTimeout(r, 2000));
      expect(burst().length - atCut).toBeLessThan(25); // nothing new was taken while cut off
      proxy.restore();
      await receiver.waitFor(() => new Set(burst().map((r) => JSON.parse(r.body).check_id)).size >= 150, 60_000);
      const delivered = burst().map((r) => JSON.parse(r.body).check_id as string);
      expect(new Set(delivered).size).toBe(150);
      // At-least-once; the delivery log stops re-sends once a success is recorded.
      expect(delivered.length).toBeLessThanOrEqual(150 + 10);
    } finally {
      await notifier.stop();
      await proxy.close();
    }
  });
});
