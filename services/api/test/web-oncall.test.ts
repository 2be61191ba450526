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
