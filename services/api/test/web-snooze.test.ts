import { makeCheck } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({}));
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.resetRateLimits();
});

describe('check page: Snooze', () => {
  test('a member snoozes until tomorrow 09:00 in the zone sent; the page and the dashboard say so; one tap ends it; both audit-logged', async () => {
    const check = await makeCheck(h.prisma, team.project.id, { name: 'nightly backup', status: 'up' });
    const page = await as.member!.get(`/checks/${check.id}`);
    expect(page.text).toContain(`action="/checks/${check.id}/snooze"`);
    expect(pageText(page.text)).toContain('Until tomorrow 09:00');
    expect((await as.read_only!.get(`/checks/${check.id}`)).text).not.toContain('/snooze"');

    const before = Date.now();
    const res = await as.member!.post(`/checks/${check.id}/snooze`, { duration: 'tomorrow_0900', tz: 'Asia/Tokyo' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/checks/${check.id}?done=snoozed`);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(row.snoozedBy).toBe(team.users.member.email);
    // 09:00 in Tokyo is 00:00 UTC, within the next two days.
    expect(row.snoozedUntil?.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(row.snoozedUntil!.getTime() - before).toBeLessThanOrEqual(2 * 86_400_000);

    const after = pageText((await as.read_only!.get(`/checks/${check.id}?done=snoozed`)).text);
    expect(after).toContain(`Snoozed until`);
    expect(after).toContain(`by ${team.users.member.email}: its notifications are muted; it is still monitored.`);
    expect(pageText((await as.read_only!.get(`/projects/${team.project.id}`)).text)).toContain('snoozed');

    const ended = await as.member!.post(`/checks/${check.id}/unsnooze`);
    expect(ended.location).toBe(`/checks/${check.id}?done=unsnoozed`);
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).toMatchObject({ snoozedAt: null, snoozedUntil: null });
    expect(pageText((await as.member!.get(`/checks/${check.id}?done=unsnoozed`)).text)).toContain('Snooze ended: its notifications are sent again.');
    const audit = await h.prisma.auditEvent.findMany({ where: { target: { contains: check.id } }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorLabel])).toEqual([
      ['check.snooze', team.users.member.email],
      ['check.unsnooze', team.users.member.email],
    ]);
  });

  test("an unknown zone from the browser falls back to the check's; a read-only member cannot snooze", async () => {
    const check = await makeCheck(h.prisma, team.project.id, { status: 'up', tz: 'UTC' });
    expect((await as.member!.post(`/checks/${check.id}/snooze`, { duration: 'tomorrow_0900', tz: 'Mars/Olympus' })).status).toBe(303);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).snoozedUntil?.toISOString()).toMatch(/T09:00:00\.000Z$/);
    expect((await as.read_only!.post(`/checks/${check.id}/unsnooze`)).status).toBe(403);
  });
});
