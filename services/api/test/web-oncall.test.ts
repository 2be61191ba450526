// On call in the web app (docs/oncall.md): who may add schedules and overrides, and the form's
// errors in its own words (a local time the clock skips, a person outside the account), over HTTP.
import { makeProject } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { makeUser, startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const list = () => `/projects/${team.project.id}/oncall`;

test('a member adds a schedule and an override; read-only people only look; the audit log has both', async () => {
  expect((await as.read_only!.submit(list(), list(), { name: 'Nope' })).status).toBe(403);
  const created = await as.member!.submit(list(), list(), { name: 'Primary' });
  expect(created.status).toBe(303);
  const [schedule] = await h.prisma.oncallSchedule.findMany({ where: { projectId: team.project.id } });
  expect(created.location).toBe(`${list()}/${schedule!.id}?done=created`);
  const page = `${list()}/${schedule!.id}`;
  expect(pageText((await as.read_only!.get(page)).text)).not.toContain('Add an override');

  const override = { user: team.users.admin.id, starts_at: '2026-03-29T02:30', ends_at: '2026-03-29T06:00', tz: 'Europe/Berlin' };
  const skipped = await as.member!.submit(page, `${page}/overrides`, override);
  expect(skipped.status).toBe(422);
  expect(pageText(skipped.text)).toContain('does not exist in Europe/Berlin (the clock skips it)');

  const stranger = await makeUser(h.prisma, (await makeProject(h.prisma)).accountId, 'owner');
  const outside = await as.member!.submit(page, `${page}/overrides`, { ...override, user: stranger.id, starts_at: '2026-03-29T04:00' });
  expect(outside.status).toBe(422);
  expect(pageText(outside.text)).toContain('is not a member of this account');

  const added = await as.member!.submit(page, `${page}/overrides`, { ...override, starts_at: '2026-03-29T01:30' });
  expect(added.status).toBe(303);
  const [row] = await h.prisma.oncallOverride.findMany({ where: { scheduleId: schedule!.id } });
  expect([row!.startsAt.toISOString(), row!.endsAt.toISOString()]).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T04:00:00.000Z']);
  expect((await as.read_only!.submit(page, `${page}/overrides/${row!.id}/delete`, {})).status).toBe(403);
  expect((await as.member!.submit(page, `${page}/overrides/${row!.id}/delete`, {})).status).toBe(303);

  const actions = await h.prisma.auditEvent.findMany({
    where: { projectId: team.project.id },
    orderBy: { id: 'asc' },
    select: { action: true, actorLabel: true },
  });
  expect(actions).toEqual(
    ['oncall_schedule.create', 'oncall_override.create', 'oncall_override.delete'].map((action) => ({ action, actorLabel: team.users.member.email })),
  );
});

test('a member adds a rotation layer with the form; its errors name the form fields; deleting it', async () => {
  const created = await as.member!.submit(list(), list(), { name: 'Layers' });
  const page = created.location!.replace(/\?.*$/, '');
  const scheduleId = page.split('/').pop()!;
  const layer = {
    name: 'Weekly',
    users: [team.users.admin.id, '', team.users.member.id, '', '', ''],
    rotation_unit: 'weeks',
    rotation_count: '0',
    anchor_date: '2026-02-30',
    handoff_time: '09:00',
    tz: 'Europe/Berlin',
  };
  const bad = await as.member!.submit(page, `${page}/layers`, layer);
  expect(bad.status).toBe(422);
  const text = pageText(bad.text);
  expect(text).toContain('Length must be at least 1');
  expect(text).toContain('First turn on is not a date of the calendar');

  const added = await as.member!.submit(page, `${page}/layers`, { ...layer, rotation_count: '2', anchor_date: '2026-03-02' });
  expect(added.status).toBe(303);
  const [row] = await h.prisma.oncallLayer.findMany({ where: { scheduleId } });
  expect(row).toMatchObject({
    name: 'Weekly',
    userIds: [team.users.admin.id, team.users.member.id],
    rotationUnit: 'weeks',
    rotationCount: 2,
    anchorDate: '2026-03-02',
    tz: 'Europe/Berlin',
  });
  expect(pageText((await as.member!.get(page)).text)).toContain('every 2 weeks at 09:00 Europe/Berlin');
  expect((await as.read_only!.submit(page, `${page}/layers/${row!.id}/delete`, {})).status).toBe(403);
  expect((await as.member!.submit(page, `${page}/layers/${row!.id}/delete`, {})).status).toBe(303);
  expect(await h.prisma.oncallLayer.count({ where: { scheduleId } })).toBe(0);
});
