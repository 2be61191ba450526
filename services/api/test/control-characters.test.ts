import { makeApiKey, makeCheck, startSmtpCapture } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { hcCall } from './support/hc-world.js';
import { pageText, WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;
let key: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ h, team, as } = await startWebTeam({ SMTP_URL: smtp.url, APP_BASE_URL: 'http://app.test' }));
  ({ key } = await makeApiKey(h.prisma, team.project.id, 'rw'));
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});
beforeEach(() => h.resetRateLimits());

/** Names with a control character inside (a web form trims the ends): BEL, a newline, ESC (a terminal escape), DEL, a C1 one. */
const BAD = ['ring\u0007bell', 'two\nlines', 'colour\u001b[31mred', 'del\u007fete', 'c1\u0085next'];
const MESSAGE = 'must not contain control characters';

describe('control characters are refused in every name and title', () => {
  test('REST API: checks, integrations, maintenance windows, status page title and groups (422, the field named)', async () => {
    const check = await makeCheck(h.prisma, team.project.id);
    for (const bad of BAD) {
      const attempts: [string, string, unknown, string][] = [
        ['POST', '/checks', { name: bad, grace_sec: 60, schedule: { kind: 'period', period_sec: 60 } }, 'name'],
        ['PATCH', `/checks/${check.id}`, { name: bad }, 'name'],
        ['POST', '/integrations', { kind: 'telegram', name: bad, events: ['down'] }, 'name'],
        ['POST', '/maintenance', { name: bad, duration_min: 30 }, 'name'],
        ['PUT', '/status-page', { title: bad, groups: [] }, 'title'],
        ['PUT', '/status-page', { title: 'Status', groups: [{ name: bad, checks: [check.id] }] }, 'groups.0.name'],
      ];
      for (const [method, path, body, field] of attempts) {
        const res = await h.call(method, path, { key, body });
        expect({ method, path, bad, status: res.status, errors: res.body.errors }).toEqual({ method, path, bad, status: 422, errors: { [field]: [MESSAGE] } });
      }
    }
    // Printable names, non-ASCII included, still pass.
    expect((await h.call('PATCH', `/checks/${check.id}`, { key, body: { name: 'Nächtliche Sicherung — 東京 ✓' } })).status).toBe(200);
  });

  test('Healthchecks API: 400 in its own shape', async () => {
    for (const bad of BAD) {
      const res = await hcCall(h.api.url, 'POST', '/checks/', { key, body: { name: bad } });
      expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 400, body: { error: `json validation error: name ${MESSAGE}` } });
    }
  });

  test('web forms: checks, integrations, maintenance, status page, projects, API keys, sign-up', async () => {
    const p = `/projects/${team.project.id}`;
    const check = await makeCheck(h.prisma, team.project.id, { name: 'Web' });
    const bad = 'ring\u0007bell';
    const forms: [WebClient, string, Record<string, string | string[]>][] = [
      [
        as.member!,
        `${p}/checks/new`,
        {
          name: bad,
          slug: '',
          description: '',
          tags: '',
          tz: 'UTC',
          grace_sec: '120',
          'schedule.kind': 'period',
          'schedule.period_sec': '600',
          kind: 'heartbeat',
        },
      ],
      [
        as.member!,
        `/checks/${check.id}/edit`,
        { name: bad, slug: '', description: '', tags: '', tz: 'UTC', grace_sec: '120', 'schedule.kind': 'period', 'schedule.period_sec': '600' },
      ],
      [as.member!, `${p}/integrations/new?kind=telegram`, { name: bad, enabled: '1', events: ['down'], tags: '', reminders: '', 'quiet_hours.tz': 'UTC' }],
      [as.member!, `${p}/maintenance`, { name: bad, when: 'now', duration_min: '30', scope: 'all', tz: 'UTC' }],
      [as.admin!, `${p}/status-page`, { title: bad, 'groups.0.name': '' }],
      [as.admin!, `${p}/status-page`, { title: 'Status', 'groups.0.name': bad, [`group_${check.id}`]: '0', [`place_${check.id}`]: '1' }],
      [as.admin!, '/projects', { name: bad, account: team.accountId }],
      [as.admin!, `${p}/keys`, { name: bad, kind: 'rw' }],
      [new WebClient(h.api.url), '/sign-up', { name: bad, email: 'ctl@example.com', password: 'a long enough password', account: '' }],
      [new WebClient(h.api.url), '/sign-up', { name: 'Ctl', email: 'ctl@example.com', password: 'a long enough password', account: bad }],
    ];
    for (const [client, path, fields] of forms) {
      await client.get(path.startsWith('/sign-up') ? '/sign-up' : path === '/projects' ? '/projects' : path);
      const res = await client.post(path, fields);
      expect({ path, fields: Object.keys(fields)[0], status: res.status }).toEqual({ path, fields: Object.keys(fields)[0], status: 422 });
      expect(pageText(res.text)).toContain(MESSAGE);
    }
    expect(await h.prisma.check.count({ where: { name: bad } })).toBe(0);
    expect(await h.prisma.project.count({ where: { name: bad } })).toBe(0);
    expect(smtp.mails.filter((m) => m.to.includes('ctl@example.com'))).toEqual([]);
  });
});
