import { makeApiKey, makeCheck, makeIntegration, makeProject, sealPingBody } from '@upmon/testing';
import { startHarness, heartbeatBody, type Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeUser, startWebTeam, type Team, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({ APP_BASE_URL: 'http://app.test' }));
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.resetRateLimits();
});

const dash = () => `/projects/${team.project.id}`;

describe('projects', () => {
  test('the list shows the account and its projects; another account’s project is a 404', async () => {
    const page = await as.member!.get('/projects');
    expect(page.status).toBe(200);
    expect(pageText(page.text)).toContain(team.project.name);
    const stranger = await makeProject(h.prisma);
    expect((await as.member!.get(`/projects/${stranger.id}`)).status).toBe(404);
    expect((await as.member!.get('/projects/not-a-uuid')).status).toBe(404);
  });

  test('owners and admins create projects; members and read-only users are refused', async () => {
    const res = await as.admin!.submit('/projects', '/projects', { account: team.accountId, name: 'Web created' });
    expect(res.status).toBe(303);
    const p = await h.prisma.project.findFirstOrThrow({ where: { name: 'Web created' } });
    expect(res.location).toBe(`/projects/${p.id}`);
    expect(p.pingKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    for (const role of ['member', 'read_only'] as const) {
      const refused = await as[role]!.submit('/projects', '/projects', { account: team.accountId, name: `by ${role}` });
      expect(refused.status).toBe(403);
      expect(await h.prisma.project.findFirst({ where: { name: `by ${role}` } })).toBeNull();
    }
    expect(as.read_only!.csrf).not.toBe('');
    expect((await as.read_only!.get('/projects')).text).not.toContain('Create project');
    const empty = await as.owner!.submit('/projects', '/projects', { account: team.accountId, name: '  ' });
    expect(empty.status).toBe(422);
    expect(pageText(empty.text)).toContain('is required');
  });
});

describe('dashboard', () => {
  test('every check with status, tags and times; filters; the title counts what is down; names are escaped', async () => {
    const project = await makeProject(h.prisma, { accountId: team.accountId });
    await makeCheck(h.prisma, project.id, { name: '<script>alert(1)</script>', tags: ['prod'], status: 'down' });
    await makeCheck(h.prisma, project.id, {
      name: 'db backup',
      tags: ['db'],
      status: 'up',
      lastPingAt: new Date(),
      nextDeadlineAt: new Date(Date.now() + 3600_000),
    });
    await makeCheck(h.prisma, project.id, { name: 'paused one', status: 'paused' });
    const page = await as.read_only!.get(`/projects/${project.id}`);
    expect(page.status).toBe(200);
    // Rendered as text: "<" is escaped (preact leaves ">" alone, which is harmless in text).
    expect(page.text).toContain('&lt;script>alert(1)&lt;/script>');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(/<title>([^<]*)<\/title>/.exec(page.text)?.[1]).toBe(`(1 down) ${project.name} · upmon`);
    expect(page.text).toContain(`data-poll="/projects/${project.id}/status.json"`);
    expect(page.text).not.toContain('New check'); // read-only
    const text = pageText(page.text);
    expect(text).toContain('db backup');
    expect(text).toContain('Every 1 min');
    const byTag = pageText((await as.read_only!.get(`/projects/${project.id}?tag=db`)).text);
    expect(byTag).toContain('db backup');
    expect(byTag).not.toContain('paused one');
    const byStatus = pageText((await as.read_only!.get(`/projects/${project.id}?status=paused`)).text);
    expect(byStatus).toContain('paused one');
    expect(byStatus).not.toContain('db backup');

    const live = await fetch(`${h.api.url}/projects/${project.id}/status.json`, {
      headers: { cookie: [...as.read_only!.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const json = (await live.json()) as { title: string; down: number; checks: { status: string; last_ping_at: string | null }[] };
    expect(json.down).toBe(1);
    expect(json.title).toBe(`(1 down) ${project.name} · upmon`);
    expect(json.checks.map((c) => c.status)).toEqual(['down', 'up', 'paused']);
    expect(json.checks[1]?.last_ping_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('check page', () => {
  test('ping URLs, snippets, next expected times in the check’s zone, pings, flips and deliveries', async () => {
    const check = await makeCheck(h.prisma, team.project.id, {
      name: 'report',
      scheduleKind: 'cron',
      cron: '30 3 * * *',
      tz: 'Europe/Riga',
      periodSec: null,
      graceSec: 600,
      slug: 'report',
    });
    await h.prisma.ping.create({ data: { checkId: check.id, type: 'start', method: 'GET', ts: new Date('2026-01-01T01:30:00Z') } });
    await h.prisma.ping.create({
      data: {
        checkId: check.id,
        type: 'success',
        method: 'POST',
        ts: new Date('2026-01-01T01:30:42Z'),
        durationMs: 42_000,
        body: sealPingBody(check.id, '<b>42 rows</b>'),
        bodySize: 14,
        sourceIp: '10.1.2.3',
      },
    });
    await h.prisma.check.update({ where: { id: check.id }, data: { lastPingAt: new Date('2026-01-01T01:30:42Z'), status: 'up' } });
    const flip = await h.prisma.flip.create({
      data: { checkId: check.id, projectId: team.project.id, ts: new Date('2026-01-01T01:30:42Z'), oldStatus: 'new', newStatus: 'up', reason: 'ping' },
    });
    const integration = await makeIntegration(h.prisma, team.project.id, 'webhook', { url: 'https://x.test' }, { name: 'ops hook', events: ['down'] });
    await h.prisma.notificationDelivery.create({
      data: {
        integrationId: integration.id,
        flipId: flip.id,
        checkId: check.id,
        event: 'up',
        attempt: 2,
        status: 'failed',
        statusCode: 500,
        error: 'HTTP 500 from receiver',
      },
    });
    // A held delivery: the outcome says held, the details say why (not always quiet hours).
    await h.prisma.notificationDelivery.create({
      data: { integrationId: integration.id, flipId: flip.id, checkId: check.id, event: 'up', attempt: 1, status: 'held', error: 'dependency "db" is down' },
    });

    const page = await as.read_only!.get(`/checks/${check.id}`);
    expect(page.status).toBe(200);
    const text = pageText(page.text);
    expect(text).toContain(`http://ping-a.test/${check.id}`);
    expect(text).toContain(`https://ping-b.test:8443/${team.project.pingKey}/report`);
    expect(text).toContain(`curl -fsS -m 10 --retry 5 -o /dev/null http://ping-a.test/${check.id}/start`);
    expect(text).toContain('/$?');
    expect(text).toContain('Invoke-RestMethod');
    expect(text).toContain('At 03:30 (cron 30 3 * * *, Europe/Riga)');
    // 03:30 Riga time on the days after the last ping (winter: UTC+2).
    expect(text).toContain('2026-01-02 03:30 GMT+2');
    expect(text).toContain('2026-01-06 03:30 GMT+2');
    expect(page.text).toContain('&lt;b>42 rows&lt;/b>');
    expect(text).toContain('10.1.2.3');
    expect(text).toContain('42 s');
    expect(text).toContain('(ping received)');
    expect(text).toContain('ops hook');
    expect(text).toContain('✗ failed (attempt 2) · HTTP 500');
    expect(text).toContain('HTTP 500 from receiver');
    expect(text).toContain('⏸ held (see details)');
    expect(text).not.toContain('held for quiet hours');
    expect(text).toContain('dependency "db" is down');
    expect(page.text).toContain('<svg class="chart"');
    // Read-only: no actions offered.
    expect(page.text).not.toContain(`action="/checks/${check.id}/pause"`);
    expect((await as.member!.get(`/checks/${check.id}`)).text).toContain(`action="/checks/${check.id}/pause"`);
  });

  test('pause, resume and delete (after a confirmation page); read-only is refused each', async () => {
    const check = await makeCheck(h.prisma, team.project.id, { name: 'to pause' });
    await as.read_only!.get(`/checks/${check.id}`);
    for (const action of ['pause', 'resume', 'delete']) {
      const refused = await as.read_only!.post(`/checks/${check.id}/${action}`);
      expect(refused.status).toBe(403);
      expect(pageText(refused.text)).toContain('Your role in this account (Read-only) cannot change checks.');
    }
    expect((await as.read_only!.get(`/checks/${check.id}/delete`)).status).toBe(403);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('new');

    const c = as.member!;
    await c.get(`/checks/${check.id}`);
    const paused = await c.post(`/checks/${check.id}/pause`);
    expect(paused.location).toBe(`/checks/${check.id}?done=paused`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('paused');
    expect(pageText((await c.get(paused.location as string)).text)).toContain('Paused: no alerts until you resume it.');
    await c.post(`/checks/${check.id}/resume`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('new');
    const confirm = await c.get(`/checks/${check.id}/delete`);
    expect(pageText(confirm.text)).toContain('Delete “to pause”?');
    const deleted = await c.post(`/checks/${check.id}/delete`);
    expect(deleted.location).toBe(`/projects/${team.project.id}`);
    expect(await h.prisma.check.findUnique({ where: { id: check.id } })).toBeNull();
    expect((await c.get(`/checks/${check.id}`)).status).toBe(404);
  });

  test('a check of another account is a 404, also signed in', async () => {
    const other = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, other.id);
    expect((await as.owner!.get(`/checks/${check.id}`)).status).toBe(404);
    expect((await as.owner!.get('/checks/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('check forms', () => {
  const newForm = () => `${dash()}/checks/new`;
  const base = {
    name: 'form check',
    slug: '',
    description: '',
    tags: 'prod web',
    tz: 'UTC',
    grace_sec: '120',
    'schedule.kind': 'period',
    'schedule.period_sec': '600',
    'schedule.cron': '',
    'schedule.oncalendar': '',
    kind: 'heartbeat',
  };

  test('creating a heartbeat check', async () => {
    const res = await as.member!.submit(newForm(), newForm(), { ...base, name: 'created by form', slug: 'by-form' });
    expect(res.status).toBe(303);
    const row = await h.prisma.check.findFirstOrThrow({ where: { name: 'created by form' } });
    expect(res.location).toBe(`/checks/${row.id}?done=created`);
    expect(row).toMatchObject({ kind: 'heartbeat', slug: 'by-form', tags: ['prod', 'web'], periodSec: 600, graceSec: 120, status: 'new' });
  });

  test('the API’s validation messages appear next to their fields, and what was typed is kept', async () => {
    const res = await as.member!.submit(newForm(), newForm(), {
      ...base,
      name: '',
      grace_sec: '6001',
      'schedule.period_sec': '600',
      tz: 'Mars/Olympus',
      slug: 'Bad Slug',
    });
    expect(res.status).toBe(422);
    const field = (name: string) => new RegExp(`id="f-${name.replace(/\./g, '-')}-error">([^<]*)<`).exec(res.text)?.[1];
    expect(field('name')).toBe('cannot be empty');
    expect(field('grace_sec')).toBe('must not exceed 10 × schedule.period_sec');
    expect(field('tz')).toBe('is not a known IANA time zone name');
    expect(field('slug')).toBe("must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit");
    expect(res.text).toContain('value="Bad Slug"');
    const cron = await as.member!.submit(newForm(), newForm(), { ...base, 'schedule.kind': 'cron', 'schedule.cron': '61 * * * *' });
    expect(field.call(null, 'schedule.cron') ?? new RegExp('id="f-schedule-cron-error">([^<]*)<').exec(cron.text)?.[1]).toMatch(
      /^is not a valid cron expression/,
    );
  });

  test('an http check with every http_config field, then edited', async () => {
    const res = await as.admin!.submit(`${newForm()}?kind=http`, newForm(), {
      ...base,
      kind: 'http',
      name: 'site probe',
      'http_config.url': 'https://example.com/health',
      'http_config.method': 'POST',
      'http_config.timeout_sec': '5',
      'http_config.expected_codes': '200, 204',
      'http_config.keyword': 'ok',
      'http_config.follow_redirects': '1',
      'http_config.headers': 'X-Token: secret-token',
      'http_config.basic_auth.username': 'probe',
      'http_config.basic_auth.password': 'pw',
      'http_config.ssl_days_before': '30',
      'http_config.confirmations': '3',
    });
    expect(res.status).toBe(303);
    const row = await h.prisma.check.findFirstOrThrow({ where: { name: 'site probe' } });
    expect(row.kind).toBe('http');
    expect(row.httpConfig).toMatchObject({
      method: 'POST',
      timeout_sec: 5,
      expected_codes: ['200', '204'],
      keyword: 'ok',
      keyword_absent: false,
      follow_redirects: true,
      ssl_days_before: 30,
      confirmations: 3,
    });
    expect(JSON.stringify(row.httpConfig)).not.toContain('secret-token');

    const edit = await as.admin!.get(`/checks/${row.id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('value="https://example.com/health"');
    expect(edit.text).toContain('X-Token: secret-token');
    const saved = await as.admin!.post(`/checks/${row.id}/edit`, {
      ...base,
      kind: 'http',
      name: 'site probe (renamed)',
      'http_config.url': 'https://example.com/other',
      'http_config.method': 'GET',
      'http_config.timeout_sec': '10',
      'http_config.expected_codes': '2xx',
      'http_config.ssl_days_before': '14',
      'http_config.confirmations': '2',
    });
    expect(saved.location).toBe(`/checks/${row.id}?done=saved`);
    const after = await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.name).toBe('site probe (renamed)');
    expect(after.httpConfig).toMatchObject({ method: 'GET', follow_redirects: false, keyword_absent: false });
    const bad = await as.admin!.post(`/checks/${row.id}/edit`, { ...base, kind: 'http', name: 'x', 'http_config.url': 'ftp://nope' });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="f-http_config-url-error">must be a web address starting with http:\/\/ or https:\/\/</);
  });

  test('minimum run time: set on create, shown with the short runs it caught, edited, removed, validated', async () => {
    const res = await as.member!.submit(newForm(), newForm(), { ...base, name: 'min run by form', min_run_sec: '90' });
    expect(res.status).toBe(303);
    const row = await h.prisma.check.findFirstOrThrow({ where: { name: 'min run by form' } });
    expect(row.minRunSec).toBe(90);
    await h.prisma.ping.create({
      data: { checkId: row.id, type: 'success', method: 'GET', durationMs: 12_000, note: 'run took 12 s, shorter than the minimum of 90 s', n: 1 },
    });
    await h.prisma.flip.create({
      data: { checkId: row.id, projectId: team.project.id, ts: new Date(), oldStatus: 'up', newStatus: 'down', reason: 'short_run' },
    });
    const page = pageText((await as.read_only!.get(`/checks/${row.id}`)).text);
    expect(page).toContain('Minimum run time 1 min 30 s');
    expect(page).toContain('run took 12 s, shorter than the minimum of 90 s');
    expect(page).toContain('(run shorter than its minimum)');

    const edit = await as.member!.get(`/checks/${row.id}/edit`);
    expect(edit.text).toMatch(/name="min_run_sec"[^>]*value="90"|value="90"[^>]*name="min_run_sec"/);
    const changed = await as.member!.post(`/checks/${row.id}/edit`, { ...base, name: 'min run by form', min_run_sec: '600' });
    expect(changed.location).toBe(`/checks/${row.id}?done=saved`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } })).minRunSec).toBe(600);
    const bad = await as.member!.post(`/checks/${row.id}/edit`, { ...base, name: 'min run by form', min_run_sec: '86401' });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="f-min_run_sec-error">must be at most 86400</);
    const removed = await as.member!.post(`/checks/${row.id}/edit`, { ...base, name: 'min run by form', min_run_sec: '' });
    expect(removed.location).toBe(`/checks/${row.id}?done=saved`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } })).minRunSec).toBeNull();
    expect(pageText((await as.read_only!.get(`/checks/${row.id}`)).text)).toContain('Minimum run time none');
    // http checks have no such field.
    expect((await as.member!.get(`${newForm()}?kind=http`)).text).not.toContain('name="min_run_sec"');
  });

  test('dependencies: chosen on create, shown on the check page with the held alerts, changed, refused when they close a cycle, cleared', async () => {
    const database = await makeCheck(h.prisma, team.project.id, { name: 'dep <database>', status: 'down' });
    const queue = await makeCheck(h.prisma, team.project.id, { name: 'dep queue' });
    const form = await as.member!.get(newForm());
    expect(form.text).toContain(`name="depends_on" value="${database.id}"`);
    expect(pageText(form.text)).toContain('dep <database>');
    const res = await as.member!.submit(newForm(), newForm(), { ...base, name: 'dependent by form', depends_on: [database.id, queue.id] });
    expect(res.status).toBe(303);
    const row = await h.prisma.check.findFirstOrThrow({ where: { name: 'dependent by form' } });
    expect(row.dependsOn).toEqual([database.id, queue.id]);

    // A down flip whose alert was held while the dependency was down.
    const hook = await makeIntegration(h.prisma, team.project.id, 'webhook', { url: 'http://x' });
    const down = await h.prisma.flip.create({
      data: { checkId: row.id, projectId: team.project.id, ts: new Date(), oldStatus: 'up', newStatus: 'down', reason: 'timeout', fannedOutAt: new Date() },
    });
    await h.prisma.heldNotification.create({
      data: { integrationId: hook.id, checkId: row.id, flipId: down.id, event: 'down', ts: down.ts, cause: 'dependency', dependencyId: database.id },
    });
    const page = await as.read_only!.get(`/checks/${row.id}`);
    expect(page.text).toContain(`<a href="/checks/${database.id}">dep &lt;database></a>`);
    expect(page.text).not.toContain('dep <database>');
    expect(pageText(page.text)).toContain('Depends on dep <database> ■ down dep queue ○ new');
    expect(pageText(page.text)).toContain('alerts held: dep <database> was down');
    expect(pageText(page.text)).toContain('Depended on by nothing');
    // The dependency's page lists its dependents.
    expect(pageText((await as.read_only!.get(`/checks/${database.id}`)).text)).toContain('Depended on by dependent by form ○ new');

    const edit = await as.member!.get(`/checks/${row.id}/edit`);
    expect(edit.text).toMatch(new RegExp(`value="${database.id}"[^>]*checked`));
    expect(edit.text).not.toContain(`value="${row.id}"`); // not itself
    // database depending on its dependent would close a cycle: refused with the cycle named.
    const cycle = await as.member!.submit(`/checks/${database.id}/edit`, `/checks/${database.id}/edit`, {
      ...base,
      name: 'dep <database>',
      depends_on: [row.id],
    });
    expect(cycle.status).toBe(422);
    expect(pageText(cycle.text)).toContain('would create a dependency cycle: "dep <database>" → "dependent by form" → "dep <database>"');
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: database.id } })).dependsOn).toEqual([]);

    const changed = await as.member!.post(`/checks/${row.id}/edit`, { ...base, name: 'dependent by form', depends_on: queue.id });
    expect(changed.location).toBe(`/checks/${row.id}?done=saved`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } })).dependsOn).toEqual([queue.id]);
    const cleared = await as.member!.post(`/checks/${row.id}/edit`, { ...base, name: 'dependent by form' });
    expect(cleared.location).toBe(`/checks/${row.id}?done=saved`);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } })).dependsOn).toEqual([]);
    expect(pageText((await as.read_only!.get(`/checks/${row.id}`)).text)).toContain('Depends on nothing');
  });

  test('read-only users cannot open or post the forms', async () => {
    expect((await as.read_only!.get(newForm())).status).toBe(403);
    expect((await as.read_only!.post(newForm(), { ...base, name: 'sneaky' })).status).toBe(403);
    const check = await makeCheck(h.prisma, team.project.id, { name: 'keep me' });
    expect((await as.read_only!.get(`/checks/${check.id}/edit`)).status).toBe(403);
    expect((await as.read_only!.post(`/checks/${check.id}/edit`, { ...base, name: 'renamed' })).status).toBe(403);
    expect(await h.prisma.check.findFirst({ where: { name: { in: ['sneaky', 'renamed'] } } })).toBeNull();
  });

  test('the creation budget is shared with the API (10 per minute per account)', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    for (let i = 0; i < 10; i++) expect((await h.call('POST', '/checks', { key: key.key, body: heartbeatBody({ name: `api ${i}` }) })).status).toBe(201);
    const res = await as.member!.submit(newForm(), newForm(), { ...base, name: 'one too many' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(res.text)).toContain('Check creation limit exceeded (10 per minute and 60 per hour per account)');
    expect(res.text).toContain('value="one too many"');
  });

  test('the plan quota is enforced with its message', async () => {
    const account = await h.prisma.account.create({ data: { name: 'free acct', plan: 'free' } });
    const project = await makeProject(h.prisma, { accountId: account.id });
    const user = await makeUser(h.prisma, account.id, 'owner');
    for (let i = 0; i < 20; i++) await makeCheck(h.prisma, project.id);
    const c = new WebClient(h.api.url);
    await c.signIn(user.email, TEST_PASSWORD);
    const res = await c.submit(`/projects/${project.id}/checks/new`, `/projects/${project.id}/checks/new`, { ...base, name: 'twenty-first' });
    expect(res.status).toBe(403);
    expect(pageText(res.text)).toContain('Check quota reached: the free plan allows 20 checks per account');
  });
});

describe('schedule preview', () => {
  const preview = async (q: Record<string, string>) => {
    const res = await fetch(`${h.api.url}/schedule-preview?${new URLSearchParams(q)}`, {
      headers: { cookie: [...as.member!.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    return (await res.json()) as { description?: string; next?: string[]; error?: string };
  };

  test('next run times in the zone, or the API’s message', async () => {
    const ok = await preview({ kind: 'oncalendar', value: 'Mon *-*-* 02:00:00', tz: 'America/New_York' });
    expect(ok.description).toBe('OnCalendar Mon *-*-* 02:00:00 (America/New_York)');
    expect(ok.next).toHaveLength(5);
    for (const t of ok.next ?? []) expect(t).toMatch(/ 02:00 GMT-[45]$/);
    expect((await preview({ kind: 'cron', value: '0 25 * * *', tz: 'UTC' })).error).toMatch(/^is not a valid cron expression/);
    expect((await preview({ kind: 'period', value: '59', tz: 'UTC' })).error).toBe('must be at least 60');
    expect((await preview({ kind: 'period', value: '3600', tz: 'Nowhere/Land' })).error).toBe('is not a known IANA time zone name');
    expect((await preview({ kind: 'cron', value: `${'1,'.repeat(200)}1 * * * *`, tz: 'UTC' })).error).toBe('must be at most 255 characters');
  });

  test('signed out: redirected', async () => {
    const res = await fetch(`${h.api.url}/schedule-preview?kind=period&value=60`, { redirect: 'manual' });
    expect(res.status).toBe(303);
  });
});
