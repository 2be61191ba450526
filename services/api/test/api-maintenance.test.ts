// /api/v1/maintenance (an addition, docs/api.md): every response is checked against the OpenAPI
// document by the harness. Create in three forms, scope, validation, end now (409 when nothing is
// in progress), update, delete; closing a window makes the notifications it holds due at once.
import { makeCheck, makeIntegration, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const inMin = (min: number) => new Date(Date.now() + min * 60_000).toISOString();

test('the script form: {duration_min} alone starts now; end now closes it, then 409; read-only keys may only read', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  expect((await h.call('POST', '/maintenance', { key: p.roKey, body: { duration_min: 30 } })).status).toBe(403);
  const before = Date.now();
  const created = await h.call('POST', '/maintenance', { key: p.rwKey, body: { name: 'deploy', duration_min: 30 } });
  expect(created.status).toBe(201);
  const w = created.body.data;
  expect(w).toMatchObject({
    name: 'deploy',
    kind: 'one_off',
    scope: 'project',
    checks: [],
    tags: [],
    status: 'active',
    schedule: null,
    ended_at: null,
    next: null,
  });
  const ends = Date.parse(w.ends_at) - Date.parse(w.starts_at);
  expect(ends).toBe(30 * 60_000);
  expect(Date.parse(w.starts_at)).toBeGreaterThanOrEqual(before - 1000);
  expect(w.current).toEqual({ starts_at: w.starts_at, ends_at: w.ends_at });

  const list = await h.call('GET', '/maintenance', { key: p.roKey });
  expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([w.id]);
  expect((await h.call('GET', `/maintenance/${w.id}`, { key: p.roKey })).body.data).toEqual(w);
  expect((await h.call('POST', `/maintenance/${w.id}/end`, { key: p.roKey })).status).toBe(403);

  const ended = await h.call('POST', `/maintenance/${w.id}/end`, { key: p.rwKey });
  expect(ended.status).toBe(200);
  expect(ended.body.data).toMatchObject({ status: 'past', current: null });
  expect(ended.body.data.ended_at).not.toBeNull();
  const again = await h.call('POST', `/maintenance/${w.id}/end`, { key: p.rwKey });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('this maintenance window has already ended');
});

test('one-off and recurring windows, scoped to checks or tags', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const a = await makeCheck(h.prisma, p.project.id, { tags: ['db'] });
  const oneOff = await h.call('POST', '/maintenance', {
    key: p.rwKey,
    body: { name: 'upgrade', starts_at: inMin(60), ends_at: inMin(120), checks: [a.id.toUpperCase()] },
  });
  expect(oneOff.status).toBe(201);
  expect(oneOff.body.data).toMatchObject({ kind: 'one_off', scope: 'checks', checks: [a.id], status: 'upcoming', current: null });
  expect(oneOff.body.data.next).toEqual({ starts_at: oneOff.body.data.starts_at, ends_at: oneOff.body.data.ends_at });

  const recurring = await h.call('POST', '/maintenance', {
    key: p.rwKey,
    body: { name: 'nightly', schedule: '0 3 * * *', tz: 'Europe/Berlin', duration_min: 90, tags: ['db'] },
  });
  expect(recurring.status).toBe(201);
  expect(recurring.body.data).toMatchObject({
    kind: 'recurring',
    scope: 'tags',
    tags: ['db'],
    schedule: '0 3 * * *',
    tz: 'Europe/Berlin',
    duration_min: 90,
    starts_at: null,
  });
  const next = recurring.body.data.next;
  expect(Date.parse(next.ends_at) - Date.parse(next.starts_at)).toBe(90 * 60_000);
  // 03:00 in Berlin is 01:00 or 02:00 UTC.
  expect(next.starts_at).toMatch(/T0[12]:00:00\.000\+00:00$/);
  const onCalendar = await h.call('POST', '/maintenance', { key: p.rwKey, body: { schedule: 'Sun *-*-* 04:00', duration_min: 60 } });
  expect(onCalendar.body.data).toMatchObject({ name: 'Maintenance', tz: 'UTC', scope: 'project' });
  // A legacy zone name is stored as its canonical zone.
  const legacy = await h.call('POST', '/maintenance', { key: p.rwKey, body: { schedule: '0 3 * * *', tz: 'US/Eastern', duration_min: 30 } });
  expect(legacy.body.data.tz).toBe('America/New_York');
  // A recurring window not in progress has nothing to end.
  const notNow = await h.call('POST', `/maintenance/${recurring.body.data.id}/end`, { key: p.rwKey });
  expect([200, 409]).toContain(notNow.status);
});

test.each([
  ['end before start', { starts_at: inMin(60), ends_at: inMin(30) }, 'ends_at', 'must be after starts_at'],
  ['a one-off over', { starts_at: inMin(-60), ends_at: inMin(-30) }, 'ends_at', 'is in the past'],
  ['longer than a week', { starts_at: inMin(1), ends_at: inMin(10_082) }, 'ends_at', 'must be at most 10080 minutes (one week) after starts_at'],
  ['duration 0', { duration_min: 0 }, 'duration_min', 'must be at least 1'],
  ['duration over a week', { duration_min: 10_081 }, 'duration_min', 'must be at most 10080'],
  ['a bad cron', { schedule: '61 * * * *', duration_min: 5 }, 'schedule', /^is not a valid cron or OnCalendar expression: /],
  ['a bad zone', { schedule: '0 3 * * *', tz: 'Mars/Olympus', duration_min: 5 }, 'tz', 'is not a known IANA time zone name'],
  ['a schedule without duration', { schedule: '0 3 * * *' }, 'duration_min', 'is required with a schedule (how long each occurrence lasts)'],
  ['a schedule that never fires again', { schedule: '2020-01-01 00:00', duration_min: 5 }, 'schedule', 'never fires again'],
  ['no time at all', { name: 'x' }, 'body', /^when is the maintenance\?/],
  ['both checks and tags', { duration_min: 5, checks: ['5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10'], tags: ['x'] }, 'body', /not both/],
  ['a time without offset', { starts_at: '2030-01-01T10:00:00', ends_at: inMin(60) }, 'starts_at', /with an offset/],
  ['an over-long name', { name: 'n'.repeat(101), duration_min: 5 }, 'name', /100 characters/],
])('422 for %s', async (_what, body, field, message) => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const res = await h.call('POST', '/maintenance', { key: p.rwKey, body });
  expect(res.status).toBe(422);
  const messages: string[] = res.body.errors[field] ?? [];
  expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m)))).toBe(true);
});

test("422 for checks of another project or unknown; 404 for another project's window", async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  const theirs = await makeCheck(h.prisma, other.project.id);
  const res = await h.call('POST', '/maintenance', { key: p.rwKey, body: { duration_min: 5, checks: [theirs.id] } });
  expect(res.status).toBe(422);
  expect(res.body.errors.checks).toEqual([`not checks of this project: ${theirs.id}`]);
  const w = (await h.call('POST', '/maintenance', { key: other.rwKey, body: { duration_min: 5 } })).body.data;
  expect((await h.call('GET', `/maintenance/${w.id}`, { key: p.rwKey })).status).toBe(404);
  expect((await h.call('DELETE', `/maintenance/${w.id}`, { key: p.rwKey })).status).toBe(404);
  expect((await h.call('GET', '/maintenance/not-a-uuid', { key: p.rwKey })).status).toBe(404);
});

test('update replaces the fields given (a form change replaces all times); end and delete make held notifications due now', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const check = await makeCheck(h.prisma, p.project.id, { status: 'down' });
  const hook = await makeIntegration(h.prisma, p.project.id, 'webhook', { url: 'http://x' });
  const w = (await h.call('POST', '/maintenance', { key: p.rwKey, body: { name: 'a', duration_min: 60 } })).body.data;

  const renamed = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { name: 'b' } });
  expect(renamed.body.data).toMatchObject({ name: 'b', starts_at: w.starts_at, ends_at: w.ends_at });
  const recurring = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { schedule: '*/5 * * * *', duration_min: 10 } });
  expect(recurring.body.data).toMatchObject({ name: 'b', kind: 'recurring', starts_at: null, ends_at: null, duration_min: 10, tz: 'UTC' });
  const bad = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { ends_at: inMin(5) } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors.starts_at).toEqual([expect.stringMatching(/^is required with ends_at/)]);
  const back = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { duration_min: 60 } });
  expect(back.body.data).toMatchObject({ kind: 'one_off', status: 'active' });
  const scoped = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { checks: [check.id] } });
  expect(scoped.body.data).toMatchObject({ scope: 'checks', checks: [check.id], ends_at: back.body.data.ends_at });
  const whole = await h.call('PATCH', `/maintenance/${w.id}`, { key: p.rwKey, body: { checks: null } });
  expect(whole.body.data).toMatchObject({ scope: 'project', checks: [] });

  const flip = await h.prisma.flip.create({
    data: { checkId: check.id, projectId: p.project.id, oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts: new Date(), fannedOutAt: new Date() },
  });
  const later = new Date(Date.now() + 3_600_000);
  const held = await h.prisma.heldNotification.create({
    data: {
      integrationId: hook.id,
      checkId: check.id,
      flipId: flip.id,
      event: 'down',
      ts: flip.ts,
      releaseAt: later,
      cause: 'maintenance',
      maintenanceWindowId: w.id,
    },
  });
  expect((await h.call('POST', `/maintenance/${w.id}/end`, { key: p.rwKey })).status).toBe(200);
  const due = await h.prisma.heldNotification.findUniqueOrThrow({ where: { id: held.id } });
  expect(due.releaseAt!.getTime()).toBeLessThanOrEqual(Date.now());

  await h.prisma.heldNotification.update({ where: { id: held.id }, data: { releaseAt: later } });
  expect((await h.call('DELETE', `/maintenance/${w.id}`, { key: p.rwKey })).status).toBe(204);
  expect((await h.prisma.heldNotification.findUniqueOrThrow({ where: { id: held.id } })).releaseAt!.getTime()).toBeLessThanOrEqual(Date.now());
  expect((await h.call('GET', `/maintenance/${w.id}`, { key: p.rwKey })).status).toBe(404);
});

test('at most 50 windows that are recurring or not over (409)', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  await h.prisma.maintenanceWindow.createMany({
    data: Array.from({ length: 50 }, (_, i) => ({ projectId: p.project.id, name: `w${i}`, schedule: '0 3 * * *', tz: 'UTC', durationMin: 5 })),
  });
  const res = await h.call('POST', '/maintenance', { key: p.rwKey, body: { duration_min: 5 } });
  expect(res.status).toBe(409);
  expect(res.body.message).toMatch(/at most 50 maintenance windows/);
});
