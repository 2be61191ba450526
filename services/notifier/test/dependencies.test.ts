// Check dependencies end to end (docs/notifications.md, "Dependencies"): the notifier (in this
// process, restartable) holds a dependent's down while a dependency is down; the built scheduler
// (a process: `pnpm build` first, killable) drops or releases the hold; a local webhook receiver
// records what is sent.
import type { Check, CheckStatus } from '@upmon/db';
import { eventually, makeCheck, makeProject } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { NotifierServices } from './support/notifier-services.js';
import type { Harness } from './support/notifier-harness.js';
import type { RecordingServer } from '@upmon/testing';

interface Sent {
  event: string;
  check_id: string;
  check_name: string;
  status: string;
  reason: string;
  subject: string;
  message: string;
}

const services = new NotifierServices({ scheduler: true });
let h: Harness;
let receiver: RecordingServer;

beforeAll(async () => {
  await services.open();
  ({ h, receiver } = services);
});
afterAll(() => services.close());

/** A project with a dependency (`database`) and a check depending on it (`app`), one webhook each. */
async function setup(extraDependency = false) {
  const project = await makeProject(h.prisma);
  const db = await makeCheck(h.prisma, project.id, { name: 'database', status: 'up' });
  const queue = extraDependency ? await makeCheck(h.prisma, project.id, { name: 'queue', status: 'up' }) : null;
  const app = await makeCheck(h.prisma, project.id, { name: 'app', status: 'up', dependsOn: queue ? [db.id, queue.id] : [db.id] });
  const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/${project.id}` }, { events: ['down', 'up'] });
  const sent = (check?: Check) =>
    receiver.accepted
      .filter((r) => r.path === `/${project.id}`)
      .map((r) => JSON.parse(r.body) as Sent)
      .filter((b) => !check || b.check_id === check.id);
  return { project, db, queue, app, hook, sent };
}

async function flip(check: Check, from: CheckStatus, to: CheckStatus) {
  const f = await makeFlip(h.prisma, check, from, to);
  await h.settle();
  return f;
}

const heldRows = (checkId: string) => h.prisma.heldNotification.findMany({ where: { checkId }, orderBy: { id: 'asc' } });

/** Waits long enough for the scheduler to have looked at the held rows a few times. */
async function schedulerRounds() {
  const marker = await makeCheck(h.prisma, (await makeProject(h.prisma)).id);
  // The deadline scanner of the scheduler process picks up a due check within a round or two.
  await h.prisma.check.update({ where: { id: marker.id }, data: { status: 'up', lastPingAt: new Date(Date.now() - 600_000), nextDeadlineAt: new Date() } });
  await eventually(async () => (await h.prisma.check.findUniqueOrThrow({ where: { id: marker.id } })).status !== 'up', 60_000, 'a scheduler round');
  await h.settle();
}

test('no dependency down: the down and the up are sent as usual', async () => {
  const { db, app, sent } = await setup();
  await flip(app, 'up', 'down');
  await receiver.waitFor(() => sent(app).length === 1);
  await flip(app, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 2);
  expect(sent(app).map((b) => b.event)).toEqual(['down', 'up']);
  expect(sent(db)).toEqual([]);
  expect(await heldRows(app.id)).toEqual([]);
});

test('dependency down, then the dependent down and up again: nothing at all is sent about the dependent', async () => {
  const { db, app, hook, sent } = await setup();
  await flip(db, 'up', 'down');
  await receiver.waitFor(() => sent(db).length === 1);
  const down = await flip(app, 'up', 'down');
  const [held] = await heldRows(app.id);
  expect(held).toMatchObject({ integrationId: hook.id, flipId: down.id, event: 'down', cause: 'dependency', dependencyId: db.id, releaseAt: null });
  const log = await h.prisma.notificationDelivery.findMany({ where: { checkId: app.id }, orderBy: { id: 'asc' } });
  expect(log.map((d) => [d.event, d.status, d.error])).toEqual([
    ['down', 'held', 'dependency "database" is down: held until it recovers (dropped if this check recovers first)'],
  ]);

  await flip(app, 'down', 'up');
  const [dropped] = await heldRows(app.id);
  expect(dropped?.droppedAt).not.toBeNull();
  expect(dropped?.releasedAt).toBeNull();
  const upLog = await h.prisma.notificationDelivery.findMany({ where: { checkId: app.id, event: 'up' } });
  expect(upLog.map((d) => [d.status, d.error])).toEqual([
    ['held', 'dropped: the check recovered while its DOWN alert was held for its dependency "database"; neither is sent'],
  ]);

  // The dependency recovers: its own up is sent, and still nothing about the dependent.
  await flip(db, 'down', 'up');
  await receiver.waitFor(() => sent(db).length === 2);
  await schedulerRounds();
  expect(sent(db).map((b) => b.event)).toEqual(['down', 'up']);
  expect(sent(app)).toEqual([]);
  expect((await heldRows(app.id)).map((r) => [r.releaseAt, r.releasedAt])).toEqual([[null, null]]);
});

test("the scheduler drops the held down while the up's delivery waits for that row: the up is dropped too", async () => {
  const { db, app, sent } = await setup();
  await flip(db, 'up', 'down');
  await receiver.waitFor(() => sent(db).length === 1);
  await flip(app, 'up', 'down');
  const [held] = await heldRows(app.id);
  // Played by hand, deterministically: the scheduler's dependency-release task has locked the
  // held row and is dropping it (the check has recovered) when the up's delivery reaches it.
  await h.prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM held_notifications WHERE id = ${held?.id} FOR UPDATE`;
      await makeFlip(h.prisma, app, 'down', 'up');
      await eventually(
        async () =>
          (
            await h.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE held_notifications h SET dropped_at%'`
          )[0]?.n === 1,
        15_000,
        "the up's delivery waiting for the held row",
      );
      await tx.$executeRaw`UPDATE held_notifications SET dropped_at = now() WHERE id = ${held?.id}`;
    },
    { timeout: 30_000 },
  );
  await h.settle();
  const upLog = await h.prisma.notificationDelivery.findMany({ where: { checkId: app.id, event: 'up' } });
  expect(upLog.map((d) => [d.status, d.error])).toEqual([
    ['held', 'dropped: the check recovered while its DOWN alert was held for its dependency "database"; neither is sent'],
  ]);
  expect(sent(app)).toEqual([]);
});

test('the dependency recovers while the dependent is still down: one down message naming the dependency, then the up as usual', async () => {
  const { db, app, sent } = await setup();
  await flip(db, 'up', 'down');
  await flip(app, 'up', 'down');
  await schedulerRounds();
  expect(sent(app)).toEqual([]);

  await flip(db, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 1);
  const [message] = sent(app);
  expect(message).toMatchObject({ event: 'digest', status: 'down', reason: 'dependency', subject: 'DOWN | app (held while database was down)' });
  expect(message?.message).toContain('This alert was held while its dependency database was down');
  await schedulerRounds();
  expect(sent(app)).toHaveLength(1);

  // Its down was sent, so its recovery is too.
  await flip(app, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 2);
  expect(sent(app).map((b) => b.event)).toEqual(['digest', 'up']);
});

test('held while any dependency is down: released only once all have recovered', async () => {
  const { db, queue, app, sent } = await setup(true);
  await flip(db, 'up', 'down');
  await flip(queue as Check, 'up', 'down');
  await flip(app, 'up', 'down');
  await flip(db, 'down', 'up');
  await schedulerRounds();
  expect(sent(app)).toEqual([]);
  await flip(queue as Check, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 1);
  // Named: the first dependency (in depends_on order) that was down when the alert was held.
  expect(sent(app)[0]?.subject).toBe('DOWN | app (held while database was down)');
});

test('a dependency paused (a flip the notifier never sees) or deleted stops holding', async () => {
  const paused = await setup();
  await flip(paused.db, 'up', 'down');
  await flip(paused.app, 'up', 'down');
  await flip(paused.db, 'down', 'paused');
  await receiver.waitFor(() => paused.sent(paused.app).length === 1);
  expect(paused.sent(paused.app)[0]?.subject).toBe('DOWN | app (held while database was down)');

  const deleted = await setup();
  await flip(deleted.db, 'up', 'down');
  await flip(deleted.app, 'up', 'down');
  await h.prisma.check.delete({ where: { id: deleted.db.id } });
  await receiver.waitFor(() => deleted.sent(deleted.app).length === 1);
  expect(deleted.sent(deleted.app)[0]?.subject).toBe('DOWN | app (held while a deleted check was down)');
});

test('a reminder due while a dependency is down is held, and sent once it recovers if the check is still down', async () => {
  const { project, db, app, sent } = await setup();
  await h.prisma.integration.updateMany({ where: { projectId: project.id }, data: { reminders: [1] } });
  await flip(app, 'up', 'down');
  await receiver.waitFor(() => sent(app).length === 1);
  await flip(db, 'up', 'down');
  // The reminder falls due now (the scheduler's reminders task enqueues it).
  await h.prisma.reminder.updateMany({ where: { checkId: app.id }, data: { dueAt: new Date() } });
  await eventually(async () => (await heldRows(app.id)).some((r) => r.event === 'reminder'), 60_000, 'the reminder held');
  expect(sent(app).map((b) => b.event)).toEqual(['down']);

  await flip(db, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 2);
  expect(sent(app)[1]).toMatchObject({ event: 'digest', subject: 'DOWN | app (held while database was down)' });
  expect(sent(app)[1]?.message).toContain('still down (reminder) at');
});

test('a restart of the notifier and a kill -9 of the scheduler while held lose nothing', async () => {
  const { db, app, sent } = await setup();
  await flip(db, 'up', 'down');
  await flip(app, 'up', 'down');
  expect(await heldRows(app.id)).toHaveLength(1);

  await services.stopNotifier();
  await services.stopScheduler('SIGKILL');
  // The dependency recovers while neither service runs.
  await makeFlip(h.prisma, db, 'down', 'up');

  await services.startBoth();
  await receiver.waitFor(() => sent(app).length === 1 && sent(db).length === 2, 60_000);
  expect(sent(app)[0]?.subject).toBe('DOWN | app (held while database was down)');
  await schedulerRounds();
  expect(sent(app)).toHaveLength(1);
});
