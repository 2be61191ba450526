// The `slo-alerts` worker (docs/slos.md, "Burn-rate alerts"): a burn alert row in PostgreSQL, its
// job as the scheduler's task enqueues it, delivered by the running notifier to a real webhook
// receiver with its own words, each attempt in the delivery log (event slo_burn); a failing
// receiver is retried; a disabled integration hears nothing.
import type { RunningService } from '@upmon/service-kit';
import { eventually, makeCheck, makeProject, startRecordingServer, type RecordingServer } from '@upmon/testing';
import { makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';

let h: Harness;
let receiver: RecordingServer;
let notifier: RunningService;
let failuresLeft = 0;

beforeAll(async () => {
  receiver = await startRecordingServer((req) => (req.path === '/flaky' && failuresLeft-- > 0 ? { status: 503, body: 'busy' } : {}));
  h = await createHarness();
  notifier = await h.start();
});
afterAll(async () => {
  await notifier?.stop();
  await h?.close();
  await receiver?.close();
});

async function alert(kind: 'fast' | 'slow', path: string, opts: { enabled?: boolean } = {}) {
  const project = await makeProject(h.prisma);
  const check = await makeCheck(h.prisma, project.id, { name: 'checkout api' });
  const slo = await h.prisma.slo.create({
    data: { projectId: project.id, name: 'Checkout', checkId: check.id, targetPercent: 99.9, windowKind: 'rolling', windowDays: 30 },
  });
  const row = await h.prisma.sloBurnAlert.create({
    data: { sloId: slo.id, kind, firedAt: new Date('2026-05-05T12:01:00Z'), longBurn: 1000, shortBurn: 1000, threshold: kind === 'fast' ? 14.4 : 6 },
  });
  const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}${path}` }, { enabled: opts.enabled ?? true });
  return { project, check, slo, row, hook };
}

const bodiesAt = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, string>);

test('a fast burn is delivered with its own words, as an outage (status down), and logged against the check', async () => {
  const a = await alert('fast', '/fast');
  await h.queues.enqueue('slo-alerts', { alertId: a.row.id.toString(), integrationId: a.hook.id, phase: 'fired' });
  const logged = await eventually(async () => (await h.prisma.notificationDelivery.findMany({ where: { integrationId: a.hook.id } }))[0]);
  expect(logged).toMatchObject({ event: 'slo_burn', status: 'succeeded', attempt: 1, checkId: a.check.id, flipId: null, statusCode: 200 });
  const [body] = bodiesAt('/fast');
  expect(body).toMatchObject({
    event: 'slo_burn',
    status: 'down',
    check_id: a.slo.id,
    check_name: 'SLO Checkout',
    subject: 'FAST BURN | SLO Checkout',
    link: `https://upmon.test/projects/${a.project.id}/slos`,
  });
  expect(body?.message).toContain(
    'SLO "Checkout" (check "checkout api") is burning its error budget 1000× too fast: at this rate 2 % of the error budget goes in 1 h.',
  );
  expect(body?.message).toContain('Target: 99.9 % over 30 days');
});

test('a resolution says so (status up); a failing receiver is retried, each attempt logged', async () => {
  const a = await alert('slow', '/flaky');
  await h.prisma.sloBurnAlert.update({ where: { id: a.row.id }, data: { resolvedAt: new Date('2026-05-05T13:00:00Z') } });
  failuresLeft = 1;
  await h.queues.enqueue('slo-alerts', { alertId: a.row.id.toString(), integrationId: a.hook.id, phase: 'resolved' });
  const attempts = await eventually(async () => {
    const rows = await h.prisma.notificationDelivery.findMany({ where: { integrationId: a.hook.id }, orderBy: { id: 'asc' } });
    return rows.length === 2 ? rows : undefined;
  });
  expect(attempts.map((r) => [r.attempt, r.status, r.statusCode])).toEqual([
    [1, 'failed_retrying', 503],
    [2, 'succeeded', 200],
  ]);
  const last = bodiesAt('/flaky').at(-1);
  expect(last).toMatchObject({ status: 'up', subject: 'SLOW BURN OVER | SLO Checkout' });
  expect(last?.message).toContain('no longer burns its error budget too fast');
});

test('a disabled integration hears nothing', async () => {
  const a = await alert('fast', '/disabled', { enabled: false });
  await h.queues.enqueue('slo-alerts', { alertId: a.row.id.toString(), integrationId: a.hook.id, phase: 'fired' });
  const job = await h.queues.queue('slo-alerts').getJob(`slo-alert-${a.row.id}-${a.hook.id}-fired`);
  await eventually(async () => (await job?.getState()) === 'completed');
  expect(bodiesAt('/disabled')).toEqual([]);
  expect(await h.prisma.notificationDelivery.count({ where: { integrationId: a.hook.id } })).toBe(0);
});
