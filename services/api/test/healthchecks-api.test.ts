// The Healthchecks-compatible management API (/api/v3, /api/v2): paths, auth, shapes and status
// codes as Healthchecks' own documentation and code give them, and the request bodies its real
// clients send (go-healthchecksio as used by the Terraform provider, the Ansible collection,
// py-healthchecks.io), read from their public sources.
import { createHash } from 'node:crypto';
import { makeApiKey, makeCheck, makeProject, makeProjectWithKeys, sealPingBody } from '@upmon/testing';
import { PING_DOMAINS, startHarness, type Harness } from './support/api-harness.js';
import { hcCall, type HcCall } from './support/hc-world.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
let h: Harness;
let rw: string;
let ro: string;
let projectId: string;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: 'https://upmon.example' }, { now: () => NOW });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  [rw, ro, projectId] = [p.rwKey, p.roKey, p.project.id];
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetRateLimits();
});

const hc = (method: string, path: string, opts: HcCall = {}) => hcCall(h.api.url, method, path, opts);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** go-healthchecksio's HealthcheckResponse.ID(): the last segment of update_url. */
const goClientId = (check: { update_url: string }) => check.update_url.split('/').pop();

/** The keys Healthchecks' to_dict gives a read-write key, and the schedule ones by kind. */
const RW_KEYS = [
  'name',
  'slug',
  'tags',
  'desc',
  'grace',
  'n_pings',
  'status',
  'started',
  'last_ping',
  'next_ping',
  'manual_resume',
  'methods',
  'subject',
  'subject_fail',
  'start_kw',
  'success_kw',
  'failure_kw',
  'filter_subject',
  'filter_body',
  'filter_http_body',
  'filter_default_fail',
  'uuid',
  'ping_url',
  'update_url',
  'pause_url',
  'resume_url',
  'channels',
];

describe('authentication and errors', () => {
  it('401 {"error"} without a key or with a wrong one; X-Api-Key or the body\'s api_key', async () => {
    expect(await hc('GET', '/checks/')).toMatchObject({ status: 401, body: { error: 'missing api key' } });
    expect(await hc('GET', '/checks/', { key: 'nope' })).toMatchObject({ status: 401, body: { error: 'wrong api key' } });
    expect(await hc('GET', '/checks/', { key: `${rw.slice(0, -4)}AAAA` })).toMatchObject({ status: 401, body: { error: 'wrong api key' } });
    expect((await hc('GET', '/checks/', { key: rw })).status).toBe(200);
    // Healthchecks' documented alternative: {"api_key": ...} in a POST body.
    const viaBody = await hc('POST', '/checks/', { body: { api_key: rw, name: 'key in body', timeout: 3600, grace: 60 } });
    expect(viaBody.status).toBe(201);
    expect(await hc('POST', '/checks/', { body: { api_key: 'x', name: 'n' } })).toMatchObject({ status: 401, body: { error: 'wrong api key' } });
    expect(await hc('POST', '/checks/', { rawBody: '{not json' })).toMatchObject({ status: 400, body: { error: expect.any(String) } });
  });

  it('read-only keys: checks, one check, flips and badges only (401 elsewhere, as Healthchecks)', async () => {
    const c = await makeCheck(h.prisma, projectId);
    expect((await hc('GET', '/checks/', { key: ro })).status).toBe(200);
    expect((await hc('GET', '/badges/', { key: ro })).status).toBe(200);
    expect((await hc('GET', `/checks/${c.id}/flips/`, { key: ro })).status).toBe(200);
    for (const [m, p] of [
      ['POST', '/checks/'],
      ['POST', `/checks/${c.id}`],
      ['DELETE', `/checks/${c.id}`],
      ['POST', `/checks/${c.id}/pause`],
      ['GET', `/checks/${c.id}/pings/`],
      ['GET', '/channels/'],
    ] as const) {
      expect(await hc(m, p, { key: ro, body: m === 'POST' ? {} : undefined })).toMatchObject({
        status: 401,
        body: { error: expect.stringMatching(/read-write/) },
      });
    }
  });

  it('a plan without API access is 403; a check of another project is 404 (upmon never tells it exists)', async () => {
    const free = await makeProject(h.prisma, { plan: 'free' });
    const freeKey = (await makeApiKey(h.prisma, free.id, 'rw')).key;
    expect(await hc('GET', '/checks/', { key: freeKey })).toMatchObject({ status: 403, body: { error: expect.stringMatching(/Pro and Business/) } });
    const other = await makeProjectWithKeys(h.prisma, 'pro');
    const theirs = await makeCheck(h.prisma, other.project.id);
    expect(await hc('GET', `/checks/${theirs.id}`, { key: rw })).toMatchObject({ status: 404, body: { error: 'check not found' } });
    expect((await hc('POST', `/checks/${theirs.id}`, { key: rw, body: { name: 'mine now' } })).status).toBe(404);
    expect((await hc('DELETE', `/checks/${theirs.id}`, { key: rw })).status).toBe(404);
    expect((await hc('GET', '/checks/not-a-uuid', { key: rw })).status).toBe(404);
  });

  it('other methods on known paths are 405 (before the key is looked at, as Healthchecks); unknown paths 404; CORS preflight 204', async () => {
    expect(await hc('PUT', '/checks/', { key: rw })).toMatchObject({ status: 405, body: { error: 'method not allowed' } });
    expect((await hc('PUT', '/checks/')).status).toBe(405);
    expect((await hc('DELETE', `/checks/${'a'.repeat(40)}`)).status).toBe(405);
    expect((await hc('GET', `/checks/${'a'.repeat(40)}`, { key: rw })).status).toBe(404);
    expect((await hc('PATCH', '/checks/0b6e9a34-3c55-4c0b-9d3f-2f2b1b6a8e11', { key: rw })).status).toBe(405);
    expect((await hc('GET', '/nothing-here/', { key: rw })).status).toBe(404);
    const pre = await hc('OPTIONS', '/checks/');
    expect([pre.status, pre.headers.get('access-control-allow-headers')]).toEqual([204, 'X-Api-Key']);
    expect((await hc('GET', '/checks/', { key: rw })).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('check creation spends the account\'s creation budget like /api/v1: 429 {"error"} with Retry-After', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    for (let i = 0; i < 10; i++) expect((await hc('POST', '/checks/', { key: p.rwKey, body: { name: `c${i}` } })).status).toBe(201);
    const over = await hc('POST', '/checks/', { key: p.rwKey, body: { name: 'c10' } });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/creation limit/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('create, read, update, delete with the bodies real clients send', () => {
  it("Terraform provider / go-healthchecksio create: 201, Healthchecks shape, grace watched under upmon's rule and reported as sent", async () => {
    // resource "healthchecksio_check" { name = "Nightly Backup", tags = ["prod", "db"], timeout = 300 }:
    // grace defaults to 3600, slug is generated from the name, channels and methods are always sent.
    const body = { channels: '', grace: 3600, methods: '', name: 'Nightly Backup', slug: 'nightly-backup', tags: 'prod db', timeout: 300 };
    const res = await hc('POST', '/checks/', { key: rw, body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(Object.keys(c).sort()).toEqual([...RW_KEYS, 'timeout'].sort());
    expect(c.uuid).toMatch(UUID);
    expect(goClientId(c)).toBe(c.uuid);
    expect(c).toMatchObject({
      name: 'Nightly Backup',
      slug: 'nightly-backup',
      tags: 'prod db',
      desc: '',
      grace: 3600,
      timeout: 300,
      n_pings: 0,
      status: 'new',
      started: false,
      last_ping: null,
      next_ping: null,
      manual_resume: true,
      methods: '',
      channels: '',
      ping_url: `${PING_DOMAINS[0]}/${c.uuid}`,
      update_url: `https://upmon.example/api/v3/checks/${c.uuid}`,
      pause_url: `https://upmon.example/api/v3/checks/${c.uuid}/pause`,
      resume_url: `https://upmon.example/api/v3/checks/${c.uuid}/resume`,
    });
    // channels "" is an explicit "no integrations", as in Healthchecks.
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: c.uuid } });
    // upmon watches with 10 periods and remembers the hour asked for, which it reports back.
    expect(row).toMatchObject({ periodSec: 300, graceSec: 3000, hcGraceSec: 3600, tags: ['prod', 'db'], integrationsExplicit: true, integrationIds: [] });

    // The provider reads every check and finds its own by ID().
    const list = await hc('GET', '/checks/', { key: rw });
    expect(list.body.checks.find((x: any) => goClientId(x) === c.uuid)).toEqual(c);
  });

  it("go-healthchecksio Update (the whole resource again) and the provider's cron schedule", async () => {
    const created = (
      await hc('POST', '/checks/', { key: rw, body: { channels: '', grace: 600, methods: '', name: 'Reports', slug: 'reports', timeout: 3600 } })
    ).body;
    const update = {
      channels: '',
      desc: 'weekly reports',
      grace: 900,
      methods: '',
      name: 'Reports v2',
      slug: 'reports-v2',
      schedule: '15 5 * * 1',
      tags: 'reports',
      tz: 'Europe/Riga',
    };
    const res = await hc('POST', `/checks/${created.uuid}`, { key: rw, body: update });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...RW_KEYS, 'schedule', 'tz'].sort());
    expect(res.body).toMatchObject({
      uuid: created.uuid,
      name: 'Reports v2',
      slug: 'reports-v2',
      desc: 'weekly reports',
      grace: 900,
      schedule: '15 5 * * 1',
      tz: 'Europe/Riga',
      tags: 'reports',
    });
    expect(res.body.timeout).toBeUndefined();
    // Partial update: what the body leaves out stays.
    const partial = await hc('POST', `/checks/${created.uuid}`, { key: rw, body: { grace: 1200 } });
    expect(partial.body).toMatchObject({ name: 'Reports v2', grace: 1200, schedule: '15 5 * * 1' });
    // Back to a period: a grace over 10 periods is watched as 10 periods, and reported as asked.
    expect((await hc('POST', `/checks/${created.uuid}`, { key: rw, body: { timeout: 60 } })).body).toMatchObject({ timeout: 60, grace: 1200 });
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: created.uuid } })).toMatchObject({ graceSec: 600, hcGraceSec: 1200 });
  });

  it('go-healthchecksio Delete: 200 with the deleted check; then 404 (the Ansible module treats 404 as gone)', async () => {
    const created = (await hc('POST', '/checks/', { key: rw, body: { channels: '', methods: '', name: 'to delete', timeout: 86400 } })).body;
    const res = await hc('DELETE', `/checks/${created.uuid}`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(await h.prisma.check.findUnique({ where: { id: created.uuid } })).toBeNull();
    expect(await hc('DELETE', `/checks/${created.uuid}`, { key: rw })).toMatchObject({ status: 404, body: { error: 'check not found' } });
  });

  it('the Ansible collection\'s create body: its own settings, nulls, unique [] and slug "" are fine', async () => {
    const body = {
      management_api_token: rw,
      management_api_base_url: `${h.api.url}/api/v3`,
      ping_api_base_url: 'https://hc-ping.com',
      ping_api_token: null,
      name: 'ansible job',
      tags: 'ansible',
      desc: '',
      timeout: null,
      grace: 3600,
      schedule: '0 4 * * *',
      tz: 'UTC',
      manual_resume: false,
      methods: '',
      channels: '',
      unique: [],
      slug: '',
    };
    const res = await hc('POST', '/checks/', { key: rw, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'ansible job', slug: '', schedule: '0 4 * * *', tz: 'UTC', grace: 3600, manual_resume: true });
    // Its info module asks for paths without the trailing slash.
    expect((await hc('GET', '/checks?tag=ansible', { key: rw })).body.checks.map((c: any) => c.uuid)).toEqual([res.body.uuid]);
    expect((await hc('GET', `/checks/${res.body.uuid}/flips`, { key: rw })).status).toBe(200);
    expect((await hc('GET', `/checks/${res.body.uuid}/pings`, { key: rw })).status).toBe(200);
  });

  it('py-healthchecks.io CheckCreate defaults: an unnamed check is named by its UUID', async () => {
    const body = { name: '', tags: '', desc: '', timeout: 86400, grace: 3600, tz: 'UTC', manual_resume: false, methods: '', unique: [] };
    const res = await hc('POST', '/checks/', { key: rw, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: res.body.uuid, timeout: 86400, grace: 3600, channels: expect.any(String) });
    // No `channels`: upmon's default (the integrations' tags rule), not "nobody".
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: res.body.uuid } })).toMatchObject({ integrationsExplicit: false });
  });

  it('unique: upsert (201, then 200 with the same check, updated)', async () => {
    const first = await hc('POST', '/checks/', { key: rw, body: { name: 'upsert-me', tags: 'a', timeout: 600, unique: ['name'] } });
    const again = await hc('POST', '/checks/', { key: rw, body: { name: 'upsert-me', tags: 'b', timeout: 600, unique: ['name'] } });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toMatchObject({ uuid: first.body.uuid, tags: 'b' });
    // A field named in unique but absent from the body: no lookup, a new check.
    expect((await hc('POST', '/checks/', { key: rw, body: { tags: 'b', unique: ['name'] } })).status).toBe(201);
    // Grace is compared as reported: 3600 on a 300 s period is watched as 3000 and reported as 3600.
    const g1 = await hc('POST', '/checks/', { key: rw, body: { name: 'g', timeout: 300, grace: 3600, unique: ['name', 'grace', 'timeout'] } });
    const g2 = await hc('POST', '/checks/', { key: rw, body: { name: 'g', timeout: 300, grace: 3600, unique: ['name', 'grace', 'timeout'] } });
    expect([g1.status, g2.status, g2.body.uuid]).toEqual([201, 200, g1.body.uuid]);
  });

  it('400 {"error"} in Healthchecks\' words for what Healthchecks refuses, and for what upmon cannot do', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: 12 }, 'json validation error: name is not a string'],
      [{ timeout: 30 }, 'json validation error: timeout is too small'],
      [{ grace: 'x' }, 'json validation error: grace is not a number'],
      [{ schedule: '* * * *  * *' }, /json validation error: schedule is not a valid cron or OnCalendar expression/],
      [{ tz: 'Nowhere/Land' }, 'json validation error: tz is not a valid timezone'],
      [{ filter_body: true, success_kw: 'ok' }, /filter_body is not supported by upmon/],
      [{ channels: 'no-such-integration' }, 'invalid channel identifier: no-such-integration'],
      [{ channels: ',' }, 'empty channel identifier'],
    ];
    for (const [body, error] of cases) {
      const res = await hc('POST', '/checks/', { key: rw, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
    }
    expect(await hc('POST', '/checks/', { key: rw, rawBody: '[1]' })).toMatchObject({
      status: 400,
      body: { error: 'json validation error: value is not an object' },
    });
    await hc('POST', '/checks/', { key: rw, body: { name: 'taken', slug: 'taken-slug' } });
    expect(await hc('POST', '/checks/', { key: rw, body: { name: 'other', slug: 'taken-slug' } })).toMatchObject({
      status: 400,
      body: { error: 'json validation error: slug is already used by another check in this project' },
    });
  });

  it('v2 derives the slug from the name; v3 takes it as given', async () => {
    const v2 = await hc('POST', '/checks/', { key: rw, version: 2, body: { name: 'Daily Import (EU)', timeout: 86400 } });
    expect(v2.status).toBe(201);
    expect(v2.body).toMatchObject({ slug: 'daily-import-eu', update_url: `https://upmon.example/api/v2/checks/${v2.body.uuid}` });
    const renamed = await hc('POST', `/checks/${v2.body.uuid}`, { key: rw, version: 2, body: { name: 'Daily Import (US)' } });
    expect(renamed.body.slug).toBe('daily-import-us');
    const v3 = await hc('POST', '/checks/', { key: rw, body: { name: 'Daily Import (EU)', timeout: 86400 } });
    expect(v3.body.slug).toBe('');
  });
});

describe('reads', () => {
  it('GET /checks/ filters by every tag given and by slug', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const a = await makeCheck(h.prisma, p.project.id, { tags: ['prod', 'db'], slug: 'a' });
    await makeCheck(h.prisma, p.project.id, { tags: ['prod'], slug: 'b' });
    const ids = async (q: string) => (await hc('GET', `/checks/${q}`, { key: p.rwKey })).body.checks.map((c: any) => c.uuid);
    expect(await ids('?tag=prod&tag=db')).toEqual([a.id]);
    expect((await ids('?tag=prod')).length).toBe(2);
    expect(await ids('?slug=a')).toEqual([a.id]);
    expect(await ids('?slug=zzz')).toEqual([]);
  });

  it('read-only keys see unique_key instead of uuid and URLs, and can read a check by it', async () => {
    const c = await makeCheck(h.prisma, projectId, { name: 'ro-visible' });
    const list = await hc('GET', '/checks/', { key: ro });
    const mine = list.body.checks.find((x: any) => x.name === 'ro-visible');
    const uniqueKey = createHash('sha1').update(c.id.replace(/-/g, '').slice(0, 16)).digest('hex');
    expect(mine.unique_key).toBe(uniqueKey);
    for (const k of ['uuid', 'ping_url', 'update_url', 'pause_url', 'resume_url', 'channels']) expect(mine[k]).toBeUndefined();
    expect((await hc('GET', `/checks/${uniqueKey}`, { key: ro })).body).toEqual(mine);
    expect((await hc('GET', `/checks/${uniqueKey}/flips/`, { key: ro })).body).toEqual({ flips: [] });
    expect((await hc('GET', `/checks/${'0'.repeat(40)}`, { key: ro })).status).toBe(404);
  });

  it('statuses in Healthchecks\' words: late is "grace", an open run "started"; next_ping and last_duration', async () => {
    const last = new Date('2026-06-01T11:30:00.000Z');
    const late = await makeCheck(h.prisma, projectId, { status: 'late', periodSec: 600, graceSec: 3600, lastPingAt: last });
    const running = await makeCheck(h.prisma, projectId, {
      status: 'up',
      periodSec: 3600,
      lastPingAt: last,
      lastStartAt: new Date('2026-06-01T11:59:00.123Z'),
      lastDurationMs: 61_500,
    });
    const a = (await hc('GET', `/checks/${late.id}`, { key: rw })).body;
    expect(a).toMatchObject({ status: 'grace', started: false, last_ping: '2026-06-01T11:30:00+00:00', next_ping: '2026-06-01T11:40:00+00:00' });
    const b = (await hc('GET', `/checks/${running.id}`, { key: rw })).body;
    expect(b).toMatchObject({ status: 'started', started: true, next_ping: '2026-06-01T11:59:00+00:00', last_duration: 61 });
  });

  it('http checks are listed with kind "http" and are read-only here', async () => {
    const c = await makeCheck(h.prisma, projectId, { kind: 'http', name: 'website', httpConfig: { confirmations: 2 } });
    const got = await hc('GET', `/checks/${c.id}`, { key: rw });
    expect(got.body).toMatchObject({ kind: 'http', name: 'website' });
    for (const [m, p] of [
      ['POST', `/checks/${c.id}`],
      ['DELETE', `/checks/${c.id}`],
      ['POST', `/checks/${c.id}/pause`],
    ] as const) {
      expect(await hc(m, p, { key: rw, body: m === 'POST' ? { name: 'x' } : undefined })).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/read-only/) },
      });
    }
  });
});

describe('pause and resume', () => {
  it('pause with no body (Go client), "null" (Ansible) or an empty form (Python client); resume; 409 when not paused', async () => {
    for (const send of [
      {},
      { rawBody: 'null', headers: { 'content-type': 'application/json' } },
      { rawBody: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ]) {
      const c = await makeCheck(h.prisma, projectId, { status: 'up', lastPingAt: new Date('2026-06-01T11:59:00Z') });
      const paused = await hc('POST', `/checks/${c.id}/pause`, { key: rw, ...send });
      expect([paused.status, paused.body.status]).toEqual([200, 'paused']);
      expect((await hc('POST', `/checks/${c.id}/pause`, { key: rw })).body.status).toBe('paused');
      const resumed = await hc('POST', `/checks/${c.id}/resume`, { key: rw, rawBody: '' });
      expect([resumed.status, resumed.body.status]).toEqual([200, 'up']);
      expect(await hc('POST', `/checks/${c.id}/resume`, { key: rw })).toMatchObject({ status: 409, body: { error: expect.stringMatching(/not paused/) } });
    }
  });
});

describe('pings, flips, channels, badges, status', () => {
  it('pings: newest first, numbered, Healthchecks types, duration in seconds, body_url and the body', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const rid = '11111111-2222-4333-8444-555555555555';
    await h.prisma.ping.createMany({
      data: [
        { checkId: c.id, n: 1, ts: new Date('2026-06-01T10:00:00.000Z'), type: 'start', method: 'GET', rid, sourceIp: '192.0.2.1', userAgent: 'curl/8' },
        {
          checkId: c.id,
          n: 2,
          ts: new Date('2026-06-01T10:00:02.896Z'),
          type: 'exit',
          exitStatus: 0,
          method: 'POST',
          rid,
          durationMs: 2896,
          body: sealPingBody(c.id, 'all done'),
          bodySize: 8,
        },
        { checkId: c.id, n: 3, ts: new Date('2026-06-01T10:05:00.000Z'), type: 'exit', exitStatus: 3, method: 'HEAD' },
        { checkId: c.id, n: 4, ts: new Date('2026-06-01T10:06:00.000Z'), type: 'log', method: 'GET' },
      ],
    });
    const res = await hc('GET', `/checks/${c.id}/pings/`, { key: rw });
    expect(res.status).toBe(200);
    const base = `https://upmon.example/api/v3/checks/${c.id}/pings`;
    expect(res.body.pings).toEqual([
      { type: 'log', date: '2026-06-01T10:06:00+00:00', n: 4, scheme: 'http', remote_addr: null, method: 'GET', ua: '', rid: null, body_url: null },
      { type: 'fail', date: '2026-06-01T10:05:00+00:00', n: 3, scheme: 'http', remote_addr: null, method: 'HEAD', ua: '', rid: null, body_url: null },
      {
        type: 'success',
        date: '2026-06-01T10:00:02.896000+00:00',
        n: 2,
        scheme: 'http',
        remote_addr: null,
        method: 'POST',
        ua: '',
        rid,
        duration: 2.9,
        body_url: `${base}/2/body`,
      },
      { type: 'start', date: '2026-06-01T10:00:00+00:00', n: 1, scheme: 'http', remote_addr: '192.0.2.1', method: 'GET', ua: 'curl/8', rid, body_url: null },
    ]);
    const body = await hc('GET', `/checks/${c.id}/pings/2/body`, { key: rw });
    expect([body.status, body.text, body.headers.get('content-type')]).toEqual([200, 'all done', 'text/plain; charset=utf-8']);
    expect((await hc('GET', `/checks/${c.id}/pings/1/body`, { key: rw })).status).toBe(404);
    expect((await hc('GET', `/checks/${c.id}/pings/99/body`, { key: rw })).status).toBe(404);
    expect((await hc('GET', `/checks/${c.id}/pings/x/body`, { key: rw })).status).toBe(404);
  });

  it('flips: {timestamp, up} newest first without "late", filtered by seconds, start and end; 400 on bad values', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const flip = (ts: string, oldStatus: 'new' | 'up' | 'late' | 'down', newStatus: 'up' | 'late' | 'down') => ({
      checkId: c.id,
      projectId,
      ts: new Date(ts),
      oldStatus,
      newStatus,
      reason: 'ping' as const,
    });
    await h.prisma.flip.createMany({
      data: [
        flip('2026-05-01T00:00:00Z', 'new', 'up'),
        flip('2026-06-01T10:00:00.500Z', 'up', 'late'),
        flip('2026-06-01T11:00:00Z', 'late', 'down'),
        flip('2026-06-01T11:30:00Z', 'down', 'up'),
      ],
    });
    const get = async (q = '') => (await hc('GET', `/checks/${c.id}/flips/${q}`, { key: rw })).body;
    expect(await get()).toEqual({
      flips: [
        { timestamp: '2026-06-01T11:30:00+00:00', up: 1 },
        { timestamp: '2026-06-01T11:00:00+00:00', up: 0 },
        { timestamp: '2026-05-01T00:00:00+00:00', up: 1 },
      ],
    });
    expect((await get('?seconds=3600')).flips).toHaveLength(2);
    const t = (iso: string) => Date.parse(iso) / 1000;
    expect((await get(`?start=${t('2026-06-01T11:00:00Z')}`)).flips).toHaveLength(2);
    expect((await get(`?end=${t('2026-06-01T11:00:00Z')}`)).flips).toEqual([{ timestamp: '2026-05-01T00:00:00+00:00', up: 1 }]);
    for (const q of ['?seconds=-1', '?seconds=31536001', '?start=abc', '?end=1.5']) {
      expect(await hc('GET', `/checks/${c.id}/flips/${q}`, { key: rw })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^invalid/) } });
    }
  });

  it('channels: integrations by UUID with Healthchecks\' kind names; assigned by "*", UUIDs or names', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const mk = (name: string, kind: 'email' | 'pagerduty' | 'webhook') =>
      h.prisma.integration.create({ data: { projectId: p.project.id, kind, name, events: ['down', 'up'], config: new Uint8Array([0]) } });
    const mail = await mk('Email to Alice', 'email');
    const pd = await mk('On-call', 'pagerduty');
    const hook = await mk('Hook', 'webhook');
    const list = await hc('GET', '/channels/', { key: p.rwKey });
    expect(list.body).toEqual({
      channels: [
        { id: mail.uuid, name: 'Email to Alice', kind: 'email' },
        { id: pd.uuid, name: 'On-call', kind: 'pd' },
        { id: hook.uuid, name: 'Hook', kind: 'webhook' },
      ],
    });
    const sorted = (...ids: string[]) => ids.sort().join(',');
    const all = await hc('POST', '/checks/', { key: p.rwKey, body: { name: 'all', channels: '*' } });
    expect(all.body.channels).toBe(sorted(mail.uuid, pd.uuid, hook.uuid));
    const some = await hc('POST', '/checks/', { key: p.rwKey, body: { name: 'some', channels: `${pd.uuid},Email to Alice` } });
    expect(some.body.channels).toBe(sorted(pd.uuid, mail.uuid));
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: some.body.uuid } })).toMatchObject({
      integrationsExplicit: true,
      integrationIds: [pd.id, mail.id],
    });
    const none = await hc('POST', `/checks/${some.body.uuid}`, { key: p.rwKey, body: { channels: '' } });
    expect(none.body.channels).toBe('');
    // Without an assignment, `channels` says who the tags rule notifies.
    await h.prisma.integration.update({ where: { id: hook.id }, data: { tags: ['web'] } });
    const tagged = await makeCheck(h.prisma, p.project.id, { tags: ['db'] });
    expect((await hc('GET', `/checks/${tagged.id}`, { key: p.rwKey })).body.channels).toBe(sorted(mail.uuid, pd.uuid));
  });

  it('badges: Healthchecks\' shape over upmon\'s badge URLs, "*" and one per tag; status: OK without a key', async () => {
    const p = await makeProjectWithKeys(h.prisma);
    await makeCheck(h.prisma, p.project.id, { tags: ['db', 'web'] });
    const { badgeKey } = await h.prisma.project.findUniqueOrThrow({ where: { id: p.project.id }, select: { badgeKey: true } });
    const body = (await hc('GET', '/badges/', { key: p.roKey })).body;
    expect(Object.keys(body.badges)).toEqual(['*', 'db', 'web']);
    const base = `https://upmon.example/badge/${badgeKey}/db`;
    expect(body.badges.db).toEqual({
      svg: `${base}.svg?states=2`,
      svg3: `${base}.svg`,
      json: `${base}.json?states=2`,
      json3: `${base}.json`,
      shields: `${base}.shields?states=2`,
      shields3: `${base}.shields`,
    });
    const svg = await fetch(body.badges['*'].svg.replace('https://upmon.example', h.api.url));
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^image\/svg\+xml/)]);
    const status = await hc('GET', '/status/');
    expect([status.status, status.text]).toEqual([200, 'OK']);
    expect((await hc('GET', '/status/', { version: 2 })).text).toBe('OK');
  });
});
