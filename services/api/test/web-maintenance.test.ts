import { makeCheck, makeMaintenanceWindow } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.prisma.maintenanceWindow.deleteMany({ where: { projectId: team.project.id } });
});

const screen = () => `/projects/${team.project.id}/maintenance`;
const windows = () => h.prisma.maintenanceWindow.findMany({ where: { projectId: team.project.id }, orderBy: { createdAt: 'asc' } });

describe('maintenance in the app', () => {
  test('a member starts maintenance now for N minutes over ticked checks; the check page says so; end now, then delete', async () => {
    const db = await makeCheck(h.prisma, team.project.id, { name: 'Database <primary>' });
    const page = await as.member!.get(screen());
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${screen()}"`);
    expect(pageText(page.text)).toContain('No maintenance windows.');

    const res = await as.member!.post(screen(), { name: 'deploy', when: 'now', duration_min: '45', scope: 'checks', checks: db.id, tz: 'UTC' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${screen()}?done=created`);
    const [w] = await windows();
    expect(w).toMatchObject({ name: 'deploy', scope: 'checks', checkIds: [db.id], schedule: null });
    expect(w!.endsAt!.getTime() - w!.startsAt!.getTime()).toBe(45 * 60_000);

    const listed = await as.member!.get(`${screen()}?done=created`);
    const text = pageText(listed.text);
    expect(text).toContain('Maintenance window created.');
    expect(text).toContain('In progress');
    expect(listed.text).toContain('Database &lt;primary>');
    expect(text).toContain('End now');

    const checkPage = await as.member!.get(`/checks/${db.id}`);
    expect(pageText(checkPage.text)).toMatch(/Under maintenance until .* \(deploy\)/);

    const ended = await as.member!.post(`${screen()}/${w!.id}/end`, {});
    expect(ended.status).toBe(303);
    expect((await windows())[0]?.endedAt).not.toBeNull();
    expect(pageText((await as.member!.get(`/checks/${db.id}`)).text)).not.toContain('Under maintenance until');
    const again = await as.member!.post(`${screen()}/${w!.id}/end`, {});
    expect(again.status).toBe(409);
    expect(pageText(again.text)).toContain('This maintenance window has already ended');

    expect((await as.member!.post(`${screen()}/${w!.id}/delete`, {})).status).toBe(303);
    expect(await windows()).toEqual([]);
  });

  test('a one-off window in local time of a zone, and a repeating one over tags', async () => {
    const res = await as.admin!.submit(screen(), screen(), {
      name: 'upgrade',
      when: 'one_off',
      starts_at: '2030-03-31T01:00',
      ends_at: '2030-03-31T04:00',
      tz: 'Europe/Berlin',
      scope: 'project',
    });
    expect(res.status).toBe(303);
    const rec = await as.admin!.submit(screen(), screen(), {
      name: 'nightly',
      when: 'recurring',
      schedule: '0 3 * * *',
      duration_min: '60',
      tz: 'Europe/Berlin',
      scope: 'tags',
      tags: 'db, web',
    });
    expect(rec.status).toBe(303);
    const [oneOff, recurring] = await windows();
    // 01:00 CET is 00:00 UTC; 04:00 CEST (after the jump on 31 March 2030) is 02:00 UTC.
    expect(oneOff).toMatchObject({ startsAt: new Date('2030-03-31T00:00:00Z'), endsAt: new Date('2030-03-31T02:00:00Z'), scope: 'project' });
    expect(recurring).toMatchObject({ schedule: '0 3 * * *', tz: 'Europe/Berlin', durationMin: 60, scope: 'tags', tags: ['db', 'web'] });
    const text = pageText((await as.admin!.get(screen())).text);
    expect(text).toContain('Upcoming');
    expect(text).toContain('checks tagged db, web');
    expect(text).toContain('Call off');
  });

  test('a start typed with a space instead of a T is taken; the list shows a repeating window in its zone too', async () => {
    const page = await as.admin!.get(screen());
    // A fresh form: datetime-local inputs, a zone picker (UTC until the browser's script sets its own zone).
    expect(page.text).toMatch(/<input [^>]*type="datetime-local"[^>]*name="starts_at"|<input [^>]*name="starts_at"[^>]*type="datetime-local"/);
    expect(page.text).toMatch(/<select [^>]*name="tz"[^>]*data-browser-zone="1"/);
    expect(page.text).toContain('<option value="UTC" selected>UTC</option>');
    expect(page.text).toContain('<option value="Europe/Riga">Europe/Riga</option>');
    const res = await as.admin!.submit(screen(), screen(), {
      name: 'spaced',
      when: 'one_off',
      starts_at: '2030-11-27 02:00',
      ends_at: '2030-11-27 03:30',
      tz: 'Europe/Riga',
      scope: 'project',
    });
    expect(res.status).toBe(303);
    const rec = await as.admin!.submit(screen(), screen(), {
      name: 'weekly',
      when: 'recurring',
      schedule: '0 3 * * sun',
      duration_min: '30',
      tz: 'Asia/Tokyo',
      scope: 'project',
    });
    expect(rec.status).toBe(303);
    const [oneOff] = await windows();
    expect(oneOff).toMatchObject({ startsAt: new Date('2030-11-27T00:00:00Z'), endsAt: new Date('2030-11-27T01:30:00Z') });
    const text = pageText((await as.admin!.get(screen())).text);
    expect(text).toMatch(/\d{4}-\d\d-\d\d 03:00 GMT\+9 to \d{4}-\d\d-\d\d 03:30 GMT\+9 in Asia\/Tokyo/);
    // A bad time comes back as typed, next to its field; a good one in the input's own format.
    const bad = await as.admin!.submit(screen(), screen(), {
      when: 'one_off',
      starts_at: '2030-11-27 02:00',
      ends_at: '2030-02-31 01:00',
      tz: 'UTC',
      scope: 'project',
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="f-ends_at-error"[^>]*>must be a date and time \(YYYY-MM-DD HH:MM\)/);
    expect(bad.text).toContain('value="2030-11-27T02:00"');
    expect(bad.text).not.toMatch(/data-browser-zone/);
  });

  test('errors come back next to the fields, nothing saved', async () => {
    const gap = await as.owner!.submit(screen(), screen(), {
      when: 'one_off',
      starts_at: '2030-03-31T02:30',
      ends_at: '2030-03-31T05:00',
      tz: 'Europe/Berlin',
      scope: 'project',
    });
    expect(gap.status).toBe(422);
    expect(gap.text).toMatch(/id="f-starts_at-error"[^>]*>does not exist in Europe\/Berlin/);
    const bad = await as.owner!.submit(screen(), screen(), { when: 'recurring', schedule: 'nonsense', duration_min: '0', tz: 'UTC', scope: 'tags', tags: '' });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="f-schedule-error"/);
    expect(bad.text).toMatch(/id="f-duration_min-error"/);
    expect(bad.text).toMatch(/value="nonsense"/);
    expect(await windows()).toEqual([]);
  });

  test('read-only users see the windows but cannot add, end or delete them; forms need the CSRF token', async () => {
    const w = await makeMaintenanceWindow(h.prisma, team.project.id, { name: 'ro' });
    const page = await as.read_only!.get(screen());
    expect(page.status).toBe(200);
    expect(pageText(page.text)).toContain('ro');
    expect(page.text).not.toContain('Add maintenance</button>');
    expect((await as.read_only!.post(screen(), { when: 'now', duration_min: '5' })).status).toBe(403);
    expect((await as.read_only!.post(`${screen()}/${w.id}/end`, {})).status).toBe(403);
    expect((await as.owner!.post(screen(), { _csrf: 'wrong', when: 'now', duration_min: '5' })).status).toBe(403);
    expect(await windows()).toHaveLength(1);
  });
});
