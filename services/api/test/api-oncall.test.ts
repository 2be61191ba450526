// /api/v1/oncall (an addition, docs/oncall.md): schedules, layers, overrides, on call now and
// next, the final schedule, feed addresses. Every response is checked against the OpenAPI
// document by the harness; the clock is set by hand so "now" is a known instant.
import { makeProjectWithKeys, ManualClock } from '@upmon/testing';
import type { PrismaClient } from '@upmon/db';
import { startHarness, type Harness } from './support/api-harness.js';
import ICAL from 'ical.js';

let h: Harness;
const clock = new ManualClock(new Date('2026-03-28T12:00:00Z'));
beforeAll(async () => {
  h = await startHarness({}, clock);
});
afterAll(async () => {
  await h.close();
});

let n = 0;
async function member(prisma: PrismaClient, accountId: string, name: string) {
  const user = await prisma.user.create({ data: { email: `oncall-${++n}-${Date.now()}@example.com`, name } });
  await prisma.membership.create({ data: { accountId, userId: user.id, role: 'member' } });
  return user.id;
}

async function world() {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const ann = await member(h.prisma, p.project.accountId, 'Ann');
  const bob = await member(h.prisma, p.project.accountId, 'Bob');
  const created = await h.call('POST', '/oncall/schedules', { key: p.rwKey, body: { name: 'Primary' } });
  expect(created.status).toBe(201);
  return { ...p, ann, bob, schedule: created.body.data.id as string };
}

const daily = (users: string[], extra: Record<string, unknown> = {}) => ({
  users,
  rotation: { unit: 'days', count: 1 },
  anchor_date: '2026-03-01',
  handoff_time: '09:00',
  tz: 'Europe/Berlin',
  ...extra,
});

test('a daily Berlin rotation hands over at 09:00 local across spring forward; an override covers it; now and next', async () => {
  const w = await world();
  const added = await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, { key: w.rwKey, body: daily([w.ann, w.bob]) });
  expect(added.status).toBe(201);
  expect(added.body.data.layers).toHaveLength(1);
  expect(added.body.data.layers[0]).toMatchObject({
    name: 'Layer',
    position: 0,
    users: [w.ann, w.bob],
    rotation: { unit: 'days', count: 1 },
    restrictions: [],
  });

  // 2026-03-01 is turn 0 (Ann); 03-28 is turn 27 (Bob), 03-29 turn 28 (Ann), 03-30 Bob.
  const final = await h.call('GET', `/oncall/schedules/${w.schedule}/final?from=2026-03-28T00:00:00Z&to=2026-03-31T00:00:00Z`, { key: w.roKey });
  expect(final.status).toBe(200);
  expect(final.body.data.map((s: any) => [s.user_name, s.starts_at, s.ends_at])).toEqual([
    ['Ann', '2026-03-28T00:00:00.000+00:00', '2026-03-28T08:00:00.000+00:00'],
    ['Bob', '2026-03-28T08:00:00.000+00:00', '2026-03-29T07:00:00.000+00:00'],
    ['Ann', '2026-03-29T07:00:00.000+00:00', '2026-03-30T07:00:00.000+00:00'],
    ['Bob', '2026-03-30T07:00:00.000+00:00', '2026-03-31T00:00:00.000+00:00'],
  ]);

  const override = await h.call('POST', `/oncall/schedules/${w.schedule}/overrides`, {
    key: w.rwKey,
    body: { user: w.ann.toUpperCase(), starts_at: '2026-03-28T11:00:00Z', ends_at: '2026-03-28T14:00:00+01:00' },
  });
  expect(override.status).toBe(201);
  expect(override.body.data).toMatchObject({ user: w.ann, starts_at: '2026-03-28T11:00:00.000+00:00', ends_at: '2026-03-28T13:00:00.000+00:00' });

  const onCall = await h.call('GET', `/oncall/schedules/${w.schedule}/on-call`, { key: w.roKey });
  expect(onCall.body.data).toEqual({
    at: '2026-03-28T12:00:00.000+00:00',
    now: { user: w.ann, user_name: 'Ann', starts_at: '2026-03-28T12:00:00.000+00:00', ends_at: '2026-03-28T13:00:00.000+00:00' },
    next: { user: w.bob, user_name: 'Bob', starts_at: '2026-03-28T13:00:00.000+00:00', ends_at: '2026-03-29T07:00:00.000+00:00' },
  });

  const listed = await h.call('GET', `/oncall/schedules/${w.schedule}/overrides?from=2026-03-28T00:00:00Z`, { key: w.roKey });
  expect(listed.body.data.map((o: any) => o.id)).toEqual([override.body.data.id]);
  const moved = await h.call('PATCH', `/oncall/schedules/${w.schedule}/overrides/${override.body.data.id}`, { key: w.rwKey, body: { user: w.bob } });
  expect(moved.body.data.user).toBe(w.bob);
  expect((await h.call('DELETE', `/oncall/schedules/${w.schedule}/overrides/${override.body.data.id}`, { key: w.rwKey })).status).toBe(204);
  expect((await h.call('GET', `/oncall/schedules/${w.schedule}/on-call`, { key: w.roKey })).body.data.now.user).toBe(w.bob);
});

test('a higher layer covers a lower one; layers are updated and deleted; read-only keys only read', async () => {
  const w = await world();
  await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, { key: w.rwKey, body: daily([w.ann]) });
  const top = await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, {
    key: w.rwKey,
    body: daily([w.bob], { name: 'Lunch', restrictions: [{ days: [6], from: '12:00', to: '14:00' }] }),
  });
  const layer = top.body.data.layers[1];
  expect(layer).toMatchObject({ name: 'Lunch', position: 1, restrictions: [{ days: [6], from: '12:00', to: '14:00' }] });
  const final = await h.call('GET', `/oncall/schedules/${w.schedule}/final?from=2026-03-28T00:00:00Z&to=2026-03-29T00:00:00Z`, { key: w.roKey });
  expect(final.body.data.map((s: any) => [s.user_name, s.starts_at])).toEqual([
    ['Ann', '2026-03-28T00:00:00.000+00:00'],
    ['Bob', '2026-03-28T11:00:00.000+00:00'],
    ['Ann', '2026-03-28T13:00:00.000+00:00'],
  ]);
  expect((await h.call('PATCH', `/oncall/schedules/${w.schedule}/layers/${layer.id}`, { key: w.roKey, body: { position: 0 } })).status).toBe(403);
  const lowered = await h.call('PATCH', `/oncall/schedules/${w.schedule}/layers/${layer.id}`, { key: w.rwKey, body: { position: 0, name: 'Lunch break' } });
  expect(lowered.status).toBe(200);
  expect(lowered.body.data.layers.find((l: any) => l.id === layer.id)).toMatchObject({ name: 'Lunch break', users: [w.bob], tz: 'Europe/Berlin' });
  const deleted = await h.call('DELETE', `/oncall/schedules/${w.schedule}/layers/${layer.id}`, { key: w.rwKey });
  expect(deleted.body.data.layers).toHaveLength(1);

  const renamed = await h.call('PATCH', `/oncall/schedules/${w.schedule}`, { key: w.rwKey, body: { description: 'Weekend lunch' } });
  expect(renamed.body.data).toMatchObject({ name: 'Primary', description: 'Weekend lunch' });
  expect((await h.call('GET', '/oncall/schedules', { key: w.roKey })).body.data.map((s: any) => s.id)).toEqual([w.schedule]);
  expect((await h.call('DELETE', `/oncall/schedules/${w.schedule}`, { key: w.rwKey })).status).toBe(204);
  expect((await h.call('GET', `/oncall/schedules/${w.schedule}`, { key: w.roKey })).status).toBe(404);

  const actions = await h.prisma.auditEvent.findMany({ where: { projectId: w.project.id }, orderBy: { id: 'asc' }, select: { action: true } });
  expect(actions.map((a) => a.action)).toEqual([
    'oncall_schedule.create',
    'oncall_layer.create',
    'oncall_layer.create',
    'oncall_layer.change',
    'oncall_layer.delete',
    'oncall_schedule.change',
    'oncall_schedule.delete',
  ]);
});

test('bad input gets a clear error naming the field', async () => {
  const w = await world();
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  const stranger = await member(h.prisma, other.project.accountId, 'Stranger');
  const layers = `/oncall/schedules/${w.schedule}/layers`;
  const errorsOf = async (body: unknown) => {
    const res = await h.call('POST', layers, { key: w.rwKey, body });
    expect(res.status).toBe(422);
    return res.body.errors;
  };
  expect(await errorsOf(daily([w.ann, stranger]))).toEqual({ 'users.1': ['is not a member of this account'] });
  expect(await errorsOf(daily([w.ann], { rotation: { unit: 'days', count: 0 } }))).toEqual({ 'rotation.count': ['must be at least 1'] });
  expect(await errorsOf(daily([w.ann], { rotation: { unit: 'weeks', count: 53 } }))).toEqual({
    'rotation.count': ['must be at most 52 for weeks (a turn lasts a year at most)'],
  });
  expect(await errorsOf(daily(Array.from({ length: 200 }, () => w.ann)))).toEqual({ users: ['can have at most 50 entries'] });
  // 10,000 users do not even reach the validator: the body limit stops them.
  const huge = await h.call('POST', layers, { key: w.rwKey, body: daily(Array.from({ length: 10_000 }, () => w.ann)) });
  expect(huge.status).toBe(413);
  expect(
    await errorsOf(
      daily([w.ann], {
        restrictions: [
          { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' },
          { days: [3], from: '16:00', to: '18:00' },
        ],
      }),
    ),
  ).toEqual({ 'restrictions.1': ['overlaps restrictions.0: restricted windows of a layer may not overlap'] });
  expect(await errorsOf(daily([w.ann], { anchor_date: '2027-02-29', handoff_time: '24:00', tz: 'Mars/Olympus' }))).toEqual({
    anchor_date: ['is not a date of the calendar'],
    handoff_time: ['must be a time of day HH:MM (00:00 to 23:59)'],
    tz: ['is not a known IANA time zone name'],
  });
  const override = await h.call('POST', `/oncall/schedules/${w.schedule}/overrides`, {
    key: w.rwKey,
    body: { user: w.ann, starts_at: '2026-03-28T11:00:00Z', ends_at: '2026-03-28T11:00:00Z' },
  });
  expect(override.body.errors).toEqual({ ends_at: ['must be after starts_at'] });
  const range = await h.call('GET', `/oncall/schedules/${w.schedule}/final?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z`, { key: w.roKey });
  expect(range.status).toBe(422);
  expect(range.body.errors).toEqual({ to: ['must be at most 93 days after from'] });
  expect((await h.call('GET', `/oncall/schedules/${w.schedule}`, { key: other.roKey })).status).toBe(404);
  expect((await h.call('GET', '/oncall/schedules/not-a-uuid', { key: w.roKey })).status).toBe(404);
});

test('at most 20 layers in a schedule', async () => {
  const w = await world();
  await h.prisma.oncallLayer.createMany({
    data: Array.from({ length: 20 }, (_, i) => ({
      scheduleId: w.schedule,
      position: i,
      name: `L${i}`,
      userIds: [w.ann],
      rotationUnit: 'days',
      rotationCount: 1,
      anchorDate: '2026-03-01',
      handoffTime: '09:00',
      tz: 'UTC',
    })),
  });
  const res = await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, { key: w.rwKey, body: daily([w.ann]) });
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('a schedule has at most 20 layers');
});

describe('iCal feeds', () => {
  const fetchFeed = async (url: string) => {
    const res = await fetch(h.api.url + new URL(url).pathname);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const eventsOf = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return { summary: e.summary, description: e.description, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString() };
    });

  /** /final over what a feed shows (a week back, 90 days ahead of the clock), in two queries split at a handoff. */
  const finalOfFeed = async (key: string, schedule: string) => {
    const ranges = [
      ['2026-03-21T12:00:00Z', '2026-05-01T07:00:00Z'],
      ['2026-05-01T07:00:00Z', '2026-06-26T12:00:00Z'],
    ];
    const parts = await Promise.all(ranges.map(([from, to]) => h.call('GET', `/oncall/schedules/${schedule}/final?from=${from}&to=${to}`, { key })));
    return parts.flatMap((p) => p.body.data as { user: string; user_name: string; starts_at: string; ends_at: string }[]);
  };

  test("a schedule's feed is its final schedule, escaped and in UTC; rotating revokes the old address", async () => {
    const w = await world();
    const name = 'Ops, "night"; team\\east';
    await h.call('PATCH', `/oncall/schedules/${w.schedule}`, { key: w.rwKey, body: { name, description: 'Call +49 30 1234\nthen e-mail' } });
    await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, { key: w.rwKey, body: daily([w.ann, w.bob]) });
    await h.call('POST', `/oncall/schedules/${w.schedule}/overrides`, {
      key: w.rwKey,
      body: { user: w.ann, starts_at: '2026-04-01T10:00:00Z', ends_at: '2026-04-01T12:00:00Z' },
    });
    const url = (await h.call('GET', `/oncall/schedules/${w.schedule}/feed`, { key: w.roKey })).body.data.url as string;
    expect(url).toMatch(/\/ical\/oncall\/[A-Za-z0-9_-]{32}\.ics$/);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    const events = eventsOf(feed.text);
    // From a week before the clock's now to 90 days after it, as /final gives them.
    expect(events).toEqual(
      (await finalOfFeed(w.roKey, w.schedule)).map((s) => ({
        summary: `On call: ${s.user_name} (${name})`,
        description: 'Call +49 30 1234\nthen e-mail',
        start: new Date(s.starts_at).toISOString(),
        end: new Date(s.ends_at).toISOString(),
      })),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ summary: `On call: Ann (${name})`, start: '2026-04-01T10:00:00.000Z', end: '2026-04-01T12:00:00.000Z' }),
    );

    expect((await h.call('POST', `/oncall/schedules/${w.schedule}/feed/rotate`, { key: w.roKey })).status).toBe(403);
    const rotated = (await h.call('POST', `/oncall/schedules/${w.schedule}/feed/rotate`, { key: w.rwKey })).body.data.url as string;
    expect(rotated).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect(eventsOf((await fetchFeed(rotated)).text)).toEqual(events);
    expect((await fetchFeed(`${rotated.slice(0, -4)}.txt`)).status).toBe(404);
    expect(await h.prisma.auditEvent.count({ where: { projectId: w.project.id, action: 'oncall_schedule.rotate_feed' } })).toBe(1);
  });

  test('feeds are rate-limited per client address, unknown tokens included: 30 a minute, then 429 with Retry-After', async () => {
    await h.resetRateLimits();
    const w = await world();
    const url = (await h.call('GET', `/oncall/schedules/${w.schedule}/feed`, { key: w.roKey })).body.data.url as string;
    expect((await fetchFeed(url)).status).toBe(200);
    for (let i = 1; i < 30; i++) expect((await fetchFeed(`https://x/ical/oncall/${'u'.repeat(32)}.ics`)).status).toBe(404);
    const refused = await fetch(h.api.url + new URL(url).pathname);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/30 calendar requests per minute/);
    await h.resetRateLimits();
    expect((await fetchFeed(url)).status).toBe(200);
  });

  test("a person's feed holds only their shifts, across the project's schedules", async () => {
    const w = await world();
    await h.call('POST', `/oncall/schedules/${w.schedule}/layers`, { key: w.rwKey, body: daily([w.ann, w.bob]) });
    const second = (await h.call('POST', '/oncall/schedules', { key: w.rwKey, body: { name: 'Secondary' } })).body.data.id;
    await h.call('POST', `/oncall/schedules/${second}/layers`, { key: w.rwKey, body: daily([w.bob], { rotation: { unit: 'weeks', count: 1 } }) });
    const url = (await h.call('GET', `/oncall/users/${w.bob}/feed`, { key: w.roKey })).body.data.url as string;
    expect((await h.call('GET', `/oncall/users/${w.bob}/feed`, { key: w.roKey })).body.data.url).toBe(url);
    const events = eventsOf((await fetchFeed(url)).text);
    const expected = [
      ...(await finalOfFeed(w.roKey, w.schedule)).filter((s) => s.user === w.bob).map((s) => ['Primary', s.starts_at]),
      ['Secondary', '2026-03-21T12:00:00.000+00:00'],
    ].map(([schedule, start]) => [`On call: Bob (${schedule})`, new Date(start!).toISOString()]);
    expect(events.map((e) => [e.summary, e.start]).sort()).toEqual(expected.sort());
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    const stranger = await member(h.prisma, other.project.accountId, 'Stranger');
    expect((await h.call('GET', `/oncall/users/${stranger}/feed`, { key: w.roKey })).body.errors).toEqual({ user: ['is not a member of this account'] });
    const rotated = (await h.call('POST', `/oncall/users/${w.bob}/feed/rotate`, { key: w.rwKey })).body.data.url as string;
    expect((await fetchFeed(url)).status).toBe(404);
    expect(eventsOf((await fetchFeed(rotated)).text)).toEqual(events);
  });
});
