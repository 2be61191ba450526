// Escalation and acknowledgement end to end (docs/notifications.md): the built api and scheduler
// as processes (`pnpm build` first), the notifier in this process, a webhook receiver. Down flips
// are stamped almost 15 minutes in the past, so their 15-minute escalations fall due in seconds.
import type { RunningService } from '@upmon/service-kit';
import { eventually, makeCheck, makeProjectWithKeys, startService, type ServiceProcess } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

const MIN = 60_000;
let h: Harness;
let receiver: RecordingServer;
let api: ServiceProcess;
let scheduler: ServiceProcess;
let notifier: RunningService;
let projectId: string;
let key: string;

beforeAll(async () => {
  receiver = await startRecordingServer();
  h = await createHarness();
  const env = { DATABASE_URL: h.db.url, REDIS_URL: h.env.REDIS_URL!, REDIS_PREFIX: h.prefix, LOG_LEVEL: 'warn' };
  [api, scheduler] = await Promise.all([startService('api', env), startService('scheduler', { ...env, SCHEDULER_IDLE_INTERVAL_MS: '200' })]);
  // Alerts link to this api, so the test can follow their acknowledgement links.
  notifier = await h.start({ APP_BASE_URL: api.url });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  projectId = p.project.id;
  key = p.rwKey;
});

afterAll(async () => {
  await notifier?.stop();
  const codes = await Promise.all([api?.stop(), scheduler?.stop()]);
  await h?.close();
  await receiver?.close();
  expect(codes).toEqual([0, 0]);
});

const bodies = (name: string) => receiver.requests.filter((r) => r.path === `/${name}`).map((r) => JSON.parse(r.body) as Record<string, string>);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(name: string) {
  const check = await makeCheck(h.prisma, projectId, { status: 'up' });
  await makeIntegration(h.prisma, projectId, 'webhook', { url: `${receiver.url}/${name}-now` });
  const later = await makeIntegration(h.prisma, projectId, 'webhook', { url: `${receiver.url}/${name}-later` });
  await h.prisma.integration.update({ where: { id: later.id }, data: { escalateAfterMin: 15 } });
  return { check, later };
}

it('a down still unacknowledged after the delay is escalated (with its acknowledgement link), and its recovery follows', async () => {
  const { check } = await setup('esc');
  await makeFlip(h.prisma, check, 'up', 'down', { ts: new Date(Date.now() - 15 * MIN + 3000) });
  await receiver.waitFor(() => bodies('esc-now').length === 1);
  expect(bodies('esc-later')).toEqual([]);
  await receiver.waitFor(() => bodies('esc-later').length === 1, 60_000);
  const [escalated] = bodies('esc-later');
  expect(escalated).toMatchObject({ event: 'down', check_id: check.id, ack_link: expect.stringMatching(new RegExp(`^${api.url}/ack/[A-Za-z0-9_-]{60}$`)) });

  await makeFlip(h.prisma, check, 'down', 'up');
  await receiver.waitFor(() => bodies('esc-later').length === 2 && bodies('esc-now').length === 2);
  expect(bodies('esc-later').map((b) => b.event)).toEqual(['down', 'up']);
});

it('acknowledged through the alert link before the delay: the escalation is cancelled, and the delayed integration hears nothing of the episode', async () => {
  const { check, later } = await setup('ack');
  const down = await makeFlip(h.prisma, check, 'up', 'down', { ts: new Date(Date.now() - 15 * MIN + 4000) });
  await receiver.waitFor(() => bodies('ack-now').length === 1);
  const link = bodies('ack-now')[0]!.ack_link!;
  // Opening the link (a chat unfurler does) changes nothing; the button's POST acknowledges.
  expect((await fetch(link)).status).toBe(200);
  expect(await h.prisma.acknowledgement.count({ where: { checkId: check.id } })).toBe(0);
  const posted = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(posted.status).toBe(200);
  expect(await h.prisma.acknowledgement.findUniqueOrThrow({ where: { flipId: down.id } })).toMatchObject({ acknowledgedBy: 'alert link', via: 'link' });
  const res = await fetch(`${api.url}/api/v1/checks/${check.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(((await res.json()) as { data: { acknowledged: unknown } }).data.acknowledged).toMatchObject({ by: 'alert link', via: 'link' });

  const escalation = await eventually(() =>
    h.prisma.escalation.findUnique({ where: { integrationId_flipId: { integrationId: later.id, flipId: down.id } } }).then((e) => (e?.cancelledAt ? e : null)),
  );
  expect(escalation.sentAt).toBeNull();
  await sleep(5000); // past the due time: the scheduler sends nothing
  expect(bodies('ack-later')).toEqual([]);

  await makeFlip(h.prisma, check, 'down', 'up');
  await receiver.waitFor(() => bodies('ack-now').length === 2);
  await h.settle();
  expect(bodies('ack-later')).toEqual([]);
  // Recovery cleared it.
  const after = await fetch(`${api.url}/api/v1/checks/${check.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(((await after.json()) as { data: { acknowledged: unknown } }).data.acknowledged).toBeNull();
});
