import { makeApiKey, makeProject } from '@upmon/testing';
import { heartbeatBody, type Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeUser, startWebTeam, type Team, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({ TRUSTED_PROXIES: '127.0.0.1/32' }));
});
afterAll(() => h.close());

interface Row {
  project_id: string | null;
  action: string;
  actor_kind: string;
  actor_label: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  client_address: string | null;
  target: string | null;
}

/** The account's events, oldest first. */
const events = async (accountId = team.accountId): Promise<Row[]> =>
  (
    await h.pool.query<Row>(
      'SELECT project_id, action, actor_kind, actor_label, actor_user_id, actor_api_key_id, client_address, target FROM audit_events WHERE account_id = $1 ORDER BY id',
      [accountId],
    )
  ).rows;
const last = async (action: string) => (await events()).filter((e) => e.action === action).at(-1);

describe('what is recorded', () => {
  test('sign-ins and failed sign-ins of known accounts, with the client address; unknown addresses leave nothing', async () => {
    const c = new WebClient(h.api.url, { 'x-forwarded-for': '203.0.113.50' });
    const before = (await events()).length;
    expect((await c.signIn(team.users.member.email, 'not the password')).status).toBe(401);
    expect((await c.signIn('nobody-at-all@example.com', 'not the password')).status).toBe(401);
    expect((await c.signIn(team.users.member.email, TEST_PASSWORD)).status).toBe(303);
    const added = (await events()).slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        action: 'sign_in.failed',
        actor_kind: 'user',
        actor_user_id: team.users.member.id,
        actor_label: team.users.member.email,
        client_address: '203.0.113.50',
      }),
      expect.objectContaining({ action: 'sign_in', actor_user_id: team.users.member.id, client_address: '203.0.113.50' }),
    ]);
  });

  test('API keys created, rotated and revoked in the web app', async () => {
    const keys = `/projects/${team.project.id}/keys`;
    expect((await as.admin!.submit(keys, keys, { name: 'deploys', kind: 'rw' })).status).toBe(201);
    const created = await last('api_key.create');
    expect(created).toMatchObject({ actor_kind: 'user', actor_user_id: team.users.admin.id });
    expect(created?.target).toMatch(/^read-write API key "deploys" upm_rw_/);
    const key = await h.prisma.apiKey.findFirstOrThrow({ where: { projectId: team.project.id, name: 'deploys' } });
    await as.admin!.get(keys);
    expect((await as.admin!.post(`${keys}/${key.id}/rotate`, { grace_sec: '3600' })).status).toBe(201);
    expect((await last('api_key.rotate'))?.target).toContain(`${key.prefix}…`);
    await as.admin!.get(keys);
    expect((await as.admin!.post(`${keys}/${key.id}/revoke`)).status).toBe(303);
    expect(await last('api_key.revoke')).toMatchObject({ actor_user_id: team.users.admin.id });
  });

  test('private locations created, rotated and revoked, through the REST API and in the web app', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    const created = await h.call('POST', '/locations', { key: key.key, body: { name: 'Office LAN' } });
    expect(created.status).toBe(201);
    const { id, code } = created.body.data as { id: string; code: string };
    const rotated = await h.call('POST', `/locations/${id}/rotate-key`, { key: key.key, body: { grace_sec: 0 } });
    expect(rotated.status).toBe(200);
    expect((await h.call('POST', `/locations/${id}/revoke`, { key: key.key, body: {} })).status).toBe(200);
    expect((await h.call('POST', `/locations/${id}/revoke`, { key: key.key, body: {} })).status).toBe(200); // already revoked: no event
    const byKey = (await events()).filter((e) => e.actor_api_key_id === key.id);
    expect(byKey.map((e) => [e.action, e.target])).toEqual([
      ['private_location.create', `private location "Office LAN" (${code}), key ${created.body.data.key_prefix}…`],
      ['private_location.rotate_key', `private location "Office LAN" (${code}), key ${rotated.body.data.key_prefix}…`],
      ['private_location.revoke', `private location "Office LAN" (${code}), key ${rotated.body.data.key_prefix}…`],
    ]);
    expect(byKey[0]).toMatchObject({ actor_kind: 'api_key', client_address: '127.0.0.1' });

    const page = `/projects/${team.project.id}/locations`;
    await as.admin!.get(page);
    expect((await as.admin!.submit(page, page, { name: 'DC 2' })).status).toBe(201);
    expect(await last('private_location.create')).toMatchObject({ actor_kind: 'user', actor_user_id: team.users.admin.id });
    const row = await h.prisma.privateLocation.findFirstOrThrow({ where: { accountId: team.accountId, name: 'DC 2' } });
    expect((await as.admin!.post(`${page}/${row.id}/rotate`, { grace_sec: '3600' })).status).toBe(201);
    expect(await last('private_location.rotate_key')).toMatchObject({ actor_user_id: team.users.admin.id, target: expect.stringContaining(row.code) });
    expect((await as.admin!.post(`${page}/${row.id}/revoke`)).status).toBe(303);
    expect(await last('private_location.revoke')).toMatchObject({ actor_user_id: team.users.admin.id, target: expect.stringContaining('"DC 2"') });
  });

  test('role changes and removals of members', async () => {
    const someone = await makeUser(h.prisma, team.accountId, 'member');
    const account = `/accounts/${team.accountId}`;
    await as.owner!.get(account);
    expect((await as.owner!.post(`${account}/members/${someone.id}/role`, { role: 'admin' })).status).toBe(303);
    expect(await last('member.role_change')).toMatchObject({ actor_user_id: team.users.owner.id, target: `${someone.email}: member → admin` });
    await as.owner!.get(account);
    expect((await as.owner!.post(`${account}/members/${someone.id}/remove`)).status).toBe(303);
    expect(await last('member.remove')).toMatchObject({ target: someone.email });
  });

  test('checks, integrations, maintenance windows and status pages created and deleted through the REST API, by key', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    const check = await h.call('POST', '/checks', { key: key.key, body: heartbeatBody({ name: 'audited' }) });
    expect(check.status).toBe(201);
    const integration = await h.call('POST', '/integrations', {
      key: key.key,
      body: { kind: 'webhook', name: 'hook', events: ['down'], config: { url: 'https://hooks.example/x' } },
    });
    expect(integration.status).toBe(201);
    const window = await h.call('POST', '/maintenance', { key: key.key, body: { name: 'deploy', duration_min: 10 } });
    expect(window.status).toBe(201);
    expect((await h.call('PUT', '/status-page', { key: key.key, body: { title: 'Acme status', groups: [] } })).status).toBe(200);
    expect((await h.call('PUT', '/status-page', { key: key.key, body: { title: 'Acme status', groups: [] } })).status).toBe(200);
    expect((await h.call('DELETE', '/status-page', { key: key.key })).status).toBe(204);
    expect((await h.call('DELETE', `/maintenance/${window.body.data.id}`, { key: key.key })).status).toBe(204);
    expect((await h.call('DELETE', `/integrations/${integration.body.data.id}`, { key: key.key })).status).toBe(204);
    expect((await h.call('DELETE', `/checks/${check.body.data.id}`, { key: key.key })).status).toBe(204);
    const byKey = (await events()).filter((e) => e.actor_api_key_id === key.id);
    expect(byKey.map((e) => e.action)).toEqual([
      'check.create',
      'integration.create',
      'maintenance.create',
      'status_page.create', // once: the second PUT replaces it
      'status_page.delete',
      'maintenance.delete',
      'integration.delete',
      'check.delete',
    ]);
    expect(byKey[0]).toMatchObject({
      actor_kind: 'api_key',
      actor_label: `API key ${key.prefix}…`,
      client_address: '127.0.0.1',
      target: `check "audited" (${check.body.data.id})`,
    });
    expect(byKey[1]?.target).toBe(`webhook integration "hook" (${integration.body.data.id})`);
  });

  test('one check paused and resumed, through the REST API and on the check page, as the bulk action records it', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    const check = await h.call('POST', '/checks', { key: key.key, body: heartbeatBody({ name: 'paused one' }) });
    const id = check.body.data.id as string;
    expect((await h.call('POST', `/checks/${id}/pause`, { key: key.key, body: {} })).status).toBe(200);
    expect((await h.call('POST', `/checks/${id}/pause`, { key: key.key, body: {} })).status).toBe(200); // already paused: no event
    expect((await h.call('POST', `/checks/${id}/resume`, { key: key.key, body: {} })).status).toBe(200);
    const byKey = (await events()).filter((e) => e.actor_api_key_id === key.id && e.action !== 'check.create');
    expect(byKey).toEqual([
      expect.objectContaining({ action: 'check.pause', project_id: team.project.id, actor_kind: 'api_key', target: `check "paused one" (${id})` }),
      expect.objectContaining({ action: 'check.resume', project_id: team.project.id, actor_kind: 'api_key', target: `check "paused one" (${id})` }),
    ]);

    await as.member!.get(`/checks/${id}`);
    expect((await as.member!.post(`/checks/${id}/pause`)).status).toBe(303);
    expect(await last('check.pause')).toMatchObject({
      project_id: team.project.id,
      actor_kind: 'user',
      actor_user_id: team.users.member.id,
      target: `check "paused one" (${id})`,
    });
    await as.member!.get(`/checks/${id}`);
    expect((await as.member!.post(`/checks/${id}/resume`)).status).toBe(303);
    expect(await last('check.resume')).toMatchObject({
      project_id: team.project.id,
      actor_user_id: team.users.member.id,
      target: `check "paused one" (${id})`,
    });
  });

  test('the Healthchecks API and the web app go through the same domain services', async () => {
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    const res = await fetch(`${h.api.url}/api/v3/checks/`, { method: 'POST', headers: { 'x-api-key': key.key }, body: JSON.stringify({ name: 'from hc' }) });
    expect(res.status).toBe(201);
    expect(await last('check.create')).toMatchObject({ actor_api_key_id: key.id });
    const form = `/projects/${team.project.id}/checks/new`;
    const created = await as.member!.submit(form, form, {
      kind: 'heartbeat',
      name: 'from the web',
      slug: '',
      description: '',
      tags: '',
      tz: 'UTC',
      grace_sec: '120',
      'schedule.kind': 'period',
      'schedule.period_sec': '600',
      'schedule.cron': '',
      'schedule.oncalendar': '',
    });
    expect(created.status).toBe(303);
    expect(await last('check.create')).toMatchObject({ actor_kind: 'user', actor_user_id: team.users.member.id, actor_label: team.users.member.email });
  });
});

describe('reading it', () => {
  test('owners and admins see the page, escaped and paged; members and read-only users get 403', async () => {
    // 25 a page: with 30 more events there is an "Older" link with the cursor.
    await h.pool.query(
      `INSERT INTO audit_events (account_id, at, action, actor_kind, actor_label) SELECT $1, now(), 'check.create', 'operator', 'operator (admin CLI)' FROM generate_series(1, 30) g`,
      [team.accountId],
    );
    const key = await makeApiKey(h.prisma, team.project.id, 'rw');
    expect((await h.call('POST', '/checks', { key: key.key, body: heartbeatBody({ name: '<script>alert(1)</script>' }) })).status).toBe(201);
    const page = await as.owner!.get(`/accounts/${team.accountId}/audit-log`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script>alert(1)&lt;/script>');
    expect(pageText(page.text)).toMatch(/API key upm_rw_\S+… \(API key\) created a check\s*: check "<script>alert\(1\)<\/script>"/);
    expect(page.text).toMatch(/<time datetime="[^"]+Z"/);
    const older = /href="(\/accounts\/[^"]+\/audit-log\?cursor=\d+)"/.exec(page.text)?.[1] as string;
    expect(older).toBeDefined();
    const second = await as.owner!.get(older);
    expect(second.status).toBe(200);
    expect(pageText(second.text)).toContain('Newest');
    expect((await as.admin!.get(`/accounts/${team.accountId}/audit-log`)).status).toBe(200);
    expect((await as.member!.get(`/accounts/${team.accountId}/audit-log`)).status).toBe(403);
    expect((await as.read_only!.get(`/accounts/${team.accountId}/audit-log`)).status).toBe(403);
    expect((await as.owner!.get(`/accounts/${team.accountId}/audit-log?cursor=x`)).status).toBe(422);
    expect(pageText((await as.owner!.get(`/accounts/${team.accountId}`)).text)).toContain('Audit log');
  });

  test('GET /api/v1/audit-log: newest first with cursor paging; read-only keys get 403', async () => {
    const rw = await makeApiKey(h.prisma, team.project.id, 'rw');
    const all = (await events()).filter((e) => e.project_id === team.project.id);
    expect(all.length).toBeGreaterThan(10);
    const first = await h.call('GET', '/audit-log?limit=3', { key: rw.key });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.data[0].action).toBe(all.at(-1)?.action);
    expect(first.body.data[0].at).toMatch(/\+00:00$/);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: { id: string }[]; next_cursor: string | null } } = await h.call(
        'GET',
        `/audit-log?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        { key: rw.key },
      );
      seen.push(...res.body.data.map((e) => e.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(seen.length);
    const ro = await makeApiKey(h.prisma, team.project.id, 'ro');
    const refused = await h.call('GET', '/audit-log', { key: ro.key });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/read-write API key/);
    expect((await h.call('GET', '/audit-log?limit=101', { key: rw.key })).status).toBe(422);
    expect((await h.call('GET', '/audit-log?cursor=abc', { key: rw.key })).status).toBe(422);
  });

  test("a project's key reads its project's events only: not another project's of the account, nor the account's own", async () => {
    const sibling = await makeProject(h.prisma, { accountId: team.accountId });
    const siblingKey = await makeApiKey(h.prisma, sibling.id, 'rw');
    expect((await h.call('POST', '/checks', { key: siblingKey.key, body: heartbeatBody({ name: 'sibling-check' }) })).status).toBe(201);
    expect((await new WebClient(h.api.url).signIn(team.users.owner.email, TEST_PASSWORD)).status).toBe(303);
    const rw = await makeApiKey(h.prisma, team.project.id, 'rw');
    expect((await h.call('POST', '/checks', { key: rw.key, body: heartbeatBody({ name: 'own-check' }) })).status).toBe(201);
    const mine = await h.call('GET', '/audit-log?limit=100', { key: rw.key });
    expect(mine.body.data[0]).toMatchObject({ action: 'check.create', target: expect.stringContaining('own-check') });
    const text = JSON.stringify(mine.body);
    expect(text).not.toContain('sibling-check');
    expect(mine.body.data.filter((e: { action: string }) => /^(sign_in|member\.)/.test(e.action))).toEqual([]);
    // The sibling's key sees its own check, and none of this project's.
    const theirs = await h.call('GET', '/audit-log?limit=100', { key: siblingKey.key });
    expect(theirs.body.data.map((e: { target: string }) => e.target)).toEqual([expect.stringContaining('sibling-check')]);
    // The account's owners still read everything on the page.
    expect(pageText((await as.owner!.get(`/accounts/${team.accountId}/audit-log`)).text)).toContain('sibling-check');
  });

  test("another account's events are never shown", async () => {
    const other = await startOtherAccountEvent();
    const rw = await makeApiKey(h.prisma, team.project.id, 'rw');
    const res = await h.call('GET', '/audit-log?limit=100', { key: rw.key });
    expect(JSON.stringify(res.body)).not.toContain(other);
  });
});

async function startOtherAccountEvent(): Promise<string> {
  const project = await makeProject(h.prisma);
  const key = await makeApiKey(h.prisma, project.id, 'rw');
  const res = await h.call('POST', '/checks', { key: key.key, body: heartbeatBody({ name: 'elsewhere-secret-name' }) });
  expect(res.status).toBe(201);
  return 'elsewhere-secret-name';
}
