// Maintenance windows end to end (docs/notifications.md, "Maintenance windows"): the notifier
// (in this process, restartable) holds what happens to a check under a window; the built
// scheduler (a process: `pnpm build` first, killable) drops the holds, pushes them later or sends
// one digest when the window ends; a local webhook receiver records what is sent.
import type { Check, CheckStatus, MaintenanceWindow } from '@upmon/db';
import { eventually, makeCheck, makeMaintenanceWindow, makeProject } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { NotifierServices } from './support/notifier-services.js';
import type { Harness } from './support/notifier-harness.js';
import type { RecordingServer } from '@upmon/testing';

interface Sent {
  event: string;
  check_id: string;
  status: string;
  reason: string;
  subject: string;
  message: string;
  ack_link?: string;
}

const services = new NotifierServices({ scheduler: true });
let h: Harness;
let receiver: RecordingServer;

beforeAll(async () => {
  await services.open();
  ({ h, receiver } = services);
});
afterAll(() => services.close());

/** A project with two checks (`app` tagged web, `db` tagged db), one webhook, and a window over the tag web. */
async function setup(window: Partial<MaintenanceWindow> = {}) {
  const project = await makeProject(h.prisma);
  const app = await makeCheck(h.prisma, project.id, { name: 'app', status: 'up', tags: ['web'] });
  const db = await makeCheck(h.prisma, project.id, { name: 'db', status: 'up', tags: ['db'] });
  await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/${project.id}` }, { events: ['down', 'up'] });
  const maintenance = await makeMaintenanceWindow(h.prisma, project.id, { name: 'deploy', scope: 'tags', tags: ['web'], ...window });
  const sent = (check?: Check) =>
    receiver.accepted
      .filter((r) => r.path === `/${project.id}`)
      .map((r) => JSON.parse(r.body) as Sent)
      .filter((b) => !check || b.check_id === check.id);
  return { project, app, db, maintenance, sent };
}

async function flip(check: Check, from: CheckStatus, to: CheckStatus) {
  const f = await makeFlip(h.prisma, check, from, to);
  await h.settle();
  return f;
}

/** What the api's "end now" does: the window ends, and its held rows are due at once. */
async function endWindow(w: MaintenanceWindow) {
  const now = new Date();
  await h.prisma.maintenanceWindow.update({ where: { id: w.id }, data: { endedAt: now } });
  await h.prisma.heldNotification.updateMany({ where: { maintenanceWindowId: w.id, releasedAt: null, droppedAt: null }, data: { releaseAt: now } });
}

const heldRows = (checkId: string) => h.prisma.heldNotification.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
const log = (checkId: string) => h.prisma.notificationDelivery.findMany({ where: { checkId }, orderBy: { id: 'asc' } });

test('a down and an up during the window are held; the window ends with the check up: nothing is sent, and the log says so', async () => {
  const { app, db, maintenance, sent } = await setup();
  const down = await flip(app, 'up', 'down');
  await flip(db, 'up', 'down');
  await receiver.waitFor(() => sent(db).length === 1);
  const [held] = await heldRows(app.id);
  expect(held).toMatchObject({ flipId: down.id, event: 'down', cause: 'maintenance', maintenanceWindowId: maintenance.id, releaseAt: maintenance.endsAt });
  expect((await log(app.id)).map((d) => [d.event, d.status, d.error])).toEqual([
    ['down', 'held', `maintenance "deploy" until ${maintenance.endsAt?.toISOString()}: held, sent as one digest when it ends if the check is not up by then`],
  ]);

  await flip(app, 'down', 'up');
  expect((await heldRows(app.id)).map((r) => r.event)).toEqual(['down', 'up']);
  await endWindow(maintenance);
  await eventually(async () => (await heldRows(app.id)).every((r) => r.droppedAt !== null), 60_000, 'the holds dropped');
  expect((await heldRows(app.id)).map((r) => r.releasedAt)).toEqual([null, null]);
  expect((await log(app.id)).map((d) => [d.event, d.status, d.error]).slice(-1)).toEqual([
    ['digest', 'held', 'maintenance ended with the check up: nothing sent (2 held notifications dropped)'],
  ]);
  expect(sent(app)).toEqual([]);
});

test('the window ends with the check still down: one digest saying so', async () => {
  const { app, maintenance, sent } = await setup();
  await flip(app, 'up', 'down');
  await flip(app, 'down', 'up');
  await flip(app, 'up', 'down');
  expect(await heldRows(app.id)).toHaveLength(3);
  await endWindow(maintenance);
  await receiver.waitFor(() => sent(app).length === 1);
  expect(sent(app)[0]).toMatchObject({ event: 'digest', status: 'down', reason: 'maintenance', subject: 'DOWN | app (still DOWN after maintenance)' });
  expect(sent(app)[0]?.message).toContain('maintenance "deploy" has ended and app is still DOWN');
  // The first anyone hears of this outage: it can be acknowledged from the digest.
  expect(sent(app)[0]?.ack_link).toMatch(/^https?:\/\/[^/]+\/ack\/[A-Za-z0-9_-]{60}$/);
  expect(sent(app)[0]?.message).toContain(`Acknowledge: ${sent(app)[0]?.ack_link}`);
  // Later changes are sent as usual.
  await flip(app, 'down', 'up');
  await receiver.waitFor(() => sent(app).length === 2);
  expect(sent(app)[1]?.event).toBe('up');
  expect(sent(app)[1]?.ack_link).toBeUndefined();
});

test('a window extended before it ends keeps holding; the digest goes out when the extended window is closed', async () => {
  const { app, maintenance, sent } = await setup({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 4_000) });
  await flip(app, 'up', 'down');
  const extended = await h.prisma.maintenanceWindow.update({ where: { id: maintenance.id }, data: { endsAt: new Date(Date.now() + 3_600_000) } });
  // The old end passes: the scheduler finds the window still on and moves the release time.
  await eventually(async () => (await heldRows(app.id))[0]?.releaseAt?.getTime() === extended.endsAt?.getTime(), 60_000, 'release moved to the new end');
  expect(sent(app)).toEqual([]);
  await endWindow(extended);
  await receiver.waitFor(() => sent(app).length === 1);
  expect(sent(app)[0]?.subject).toBe('DOWN | app (still DOWN after maintenance)');
});

test('checks outside the window are notified as usual; a window over chosen checks or the project holds them', async () => {
  const { project, db, sent } = await setup();
  await flip(db, 'up', 'down');
  await receiver.waitFor(() => sent(db).length === 1);
  await makeMaintenanceWindow(h.prisma, project.id, { name: 'db only', scope: 'checks', checkIds: [db.id] });
  await flip(db, 'down', 'up');
  expect(await heldRows(db.id)).toMatchObject([{ event: 'up', cause: 'maintenance' }]);
  expect(sent(db).map((b) => b.event)).toEqual(['down']);
});

test('a reminder due during the window is held with it', async () => {
  const { project, app, maintenance, sent } = await setup();
  await h.prisma.integration.updateMany({ where: { projectId: project.id }, data: { reminders: [1] } });
  await h.prisma.maintenanceWindow.update({
    where: { id: maintenance.id },
    data: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) },
  });
  await flip(app, 'up', 'down');
  await receiver.waitFor(() => sent(app).length === 1);
  await h.prisma.maintenanceWindow.update({ where: { id: maintenance.id }, data: { startsAt: new Date(Date.now() - 60_000) } });
  await h.prisma.reminder.updateMany({ where: { checkId: app.id }, data: { dueAt: new Date() } });
  await eventually(async () => (await heldRows(app.id)).some((r) => r.event === 'reminder' && r.cause === 'maintenance'), 60_000, 'the reminder held');
  await endWindow(maintenance);
  await receiver.waitFor(() => sent(app).length === 2);
  expect(sent(app)[1]?.message).toContain('still down (reminder) at');
});

test('the window ended but its holds are not looked at yet: an up joins them and nothing is sent at all', async () => {
  const { app, maintenance, sent } = await setup();
  await flip(app, 'up', 'down');
  await services.stopScheduler();
  await endWindow(maintenance);
  await flip(app, 'down', 'up');
  const rows = await heldRows(app.id);
  expect(rows.map((r) => [r.event, r.cause, r.droppedAt])).toEqual([
    ['down', 'maintenance', null],
    ['up', 'maintenance', null],
  ]);
  expect((await log(app.id)).map((d) => d.error).slice(-1)).toEqual([
    'maintenance "deploy" has just ended: held with what it held, looked at now (one digest, or nothing if the check is up)',
  ]);
  await services.startScheduler();
  await eventually(async () => (await heldRows(app.id)).every((r) => r.droppedAt !== null), 60_000, 'the holds dropped');
  expect(sent(app)).toEqual([]);
});

test('a restart of the notifier and a kill -9 of the scheduler while held lose nothing and send once', async () => {
  const { app, maintenance, sent } = await setup();
  await flip(app, 'up', 'down');
  expect(await heldRows(app.id)).toHaveLength(1);

  await services.stopNotifier();
  await services.stopScheduler('SIGKILL');
  // The window ends while neither service runs.
  await endWindow(maintenance);

  await services.startBoth();
  await receiver.waitFor(() => sent(app).length === 1, 60_000);
  expect(sent(app)[0]?.subject).toBe('DOWN | app (still DOWN after maintenance)');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await h.settle();
  expect(sent(app)).toHaveLength(1);
});
