import { makeCheck, makeProject } from '@upmon/testing';
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

const settings = () => `/projects/${team.project.id}/status-page`;
const saved = () =>
  h.prisma.statusPage.findUnique({
    where: { projectId: team.project.id },
    include: { groups: { orderBy: { position: 'asc' }, include: { checks: { orderBy: { position: 'asc' } } } } },
  });

describe('status page settings in the app', () => {
  test('an admin publishes groups of checks in chosen places; the public page shows them; the project nav links here', async () => {
    const api = await makeCheck(h.prisma, team.project.id, { name: 'API', status: 'up' });
    const web = await makeCheck(h.prisma, team.project.id, { name: 'Web', status: 'down' });
    const cron = await makeCheck(h.prisma, team.project.id, { name: 'Cron' });
    const form = await as.admin!.get(settings());
    expect(form.status).toBe(200);
    expect(form.text).toContain(`href="/projects/${team.project.id}/status-page"`);
    const res = await as.admin!.post(settings(), {
      title: 'Acme status',
      enabled: '1',
      'groups.0.name': 'Frontend',
      'groups.1.name': '',
      order: [web.id, api.id, cron.id],
      [`group_${web.id}`]: '0',
      [`group_${api.id}`]: '0',
      [`group_${cron.id}`]: '',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${settings()}?saved=1`);
    const row = await saved();
    expect(row).toMatchObject({ title: 'Acme status', enabled: true });
    expect(row?.groups.map((g) => [g.name, g.checks.map((c) => c.checkId)])).toEqual([['Frontend', [web.id, api.id]]]);
    const again = await as.admin!.get(`${settings()}?saved=1`);
    expect(pageText(again.text)).toContain('Saved.');
    const publicUrl = new RegExp(`/status/${row?.publicKey}`);
    expect(again.text).toMatch(publicUrl);
    const publicPage = await fetch(`${h.api.url}/status/${row?.publicKey}`);
    const text = pageText(await publicPage.text());
    expect(text).toContain('Frontend');
    expect(text).toMatch(/Web\s*■\s*down/);
    expect(text).not.toContain('Cron');
  });

  test('a move button swaps its check with its neighbour in its group, saves, and comes back with that button focused', async () => {
    const row = await saved();
    const [web, api] = row?.groups[0]?.checks.map((c) => c.checkId) ?? [];
    const cron = (await h.prisma.check.findFirstOrThrow({ where: { projectId: team.project.id, name: 'Cron' } })).id;
    const res = await as.admin!.submit(settings(), settings(), {
      title: 'Acme status',
      enabled: '1',
      'groups.0.name': 'Frontend',
      order: [web!, api!, cron],
      [`group_${web}`]: '0',
      [`group_${api}`]: '0',
      [`group_${cron}`]: '',
      move: `down:${web}`,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${settings()}?saved=1&moved=down:${web}`);
    expect((await saved())?.groups.map((g) => g.checks.map((c) => c.checkId))).toEqual([[api, web]]);
    const again = await as.admin!.get(`${settings()}?saved=1&moved=down:${web}`);
    // Now last of its group: its "down" button is disabled, so "up" takes the focus.
    expect(again.text).toMatch(new RegExp(`value="up:${web}"[^>]*autofocus`));
    // And back up.
    await as.admin!.submit(settings(), settings(), {
      title: 'Acme status',
      enabled: '1',
      'groups.0.name': 'Frontend',
      order: [api!, web!, cron],
      [`group_${web}`]: '0',
      [`group_${api}`]: '0',
      move: `up:${web}`,
    });
    expect((await saved())?.groups.map((g) => g.checks.map((c) => c.checkId))).toEqual([[web, api]]);
  });

  test('errors come back next to the form, nothing saved: an over-long title', async () => {
    const before = await saved();
    const res = await as.owner!.submit(settings(), settings(), { title: 'x'.repeat(101), 'groups.0.name': 'Frontend' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/id="f-title-error"/);
    expect((await saved())?.updatedAt).toEqual(before?.updatedAt);
  });

  test('a group left without a name is kept: its checks are listed without a heading; open incidents apart from past ones', async () => {
    // A project of its own: the public page of the one above is cached for a while.
    const project = await makeProject(h.prisma, { accountId: team.accountId });
    const url = `/projects/${project.id}/status-page`;
    const lonely = await makeCheck(h.prisma, project.id, { name: 'Lonely', status: 'down', createdAt: new Date(Date.now() - 7_200_000) });
    const res = await as.owner!.submit(url, url, { title: 'Acme status', enabled: '1', 'groups.0.name': '', [`group_${lonely.id}`]: '0' });
    expect(res.status).toBe(303);
    const row = await h.prisma.statusPage.findUnique({ where: { projectId: project.id }, include: { groups: { include: { checks: true } } } });
    expect(row?.groups.map((g) => [g.name, g.checks.map((c) => c.checkId)])).toEqual([['', [lonely.id]]]);
    await h.prisma.flip.create({
      data: { checkId: lonely.id, projectId: project.id, ts: new Date(Date.now() - 3_600_000), oldStatus: 'up', newStatus: 'down', reason: 'timeout' },
    });
    const html = await (await fetch(`${h.api.url}/status/${row?.publicKey}`)).text();
    expect([...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual(['Ongoing downtime', 'Past downtime', 'Get updates']);
    expect(pageText(html)).toMatch(/Lonely was down from \d{4}-\d\d-\d\d \d\d:\d\d UTC and is still down \(1 h so far\)/);
    expect(pageText(html)).toContain('No downtime in the last 90 days.');
  });

  test('members and read-only users see the settings but cannot change them', async () => {
    for (const role of ['member', 'read_only'] as const) {
      const page = await as[role]!.get(settings());
      expect(page.status).toBe(200);
      expect(pageText(page.text)).toContain('Only owners and admins can change the status page.');
      expect(page.text).not.toContain('Save status page');
      const preview = await as[role]!.get(`${settings()}/preview`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('no-store');
      expect(pageText(preview.text)).toContain('Acme status');
      const res = await as[role]!.post(settings(), { title: 'taken over', 'groups.0.name': 'x' });
      expect(res.status).toBe(403);
    }
    expect((await saved())?.title).toBe('Acme status');
  });

  test('the preview is for the account only: signed out, it sends to sign-in', async () => {
    const res = await fetch(`${h.api.url}${settings()}/preview`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/sign-in/);
  });

  test('a form without the CSRF token is refused', async () => {
    const res = await as.owner!.post(settings(), { _csrf: 'wrong', title: 'csrf' });
    expect(res.status).toBe(403);
    expect((await saved())?.title).toBe('Acme status');
  });
});
