import { joinHttpConfig, validateOnCalendar } from '@upmon/core';
import { AAD, createCipher } from '@upmon/crypto';
import { makeCheck, makeProjectWithKeys, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { heartbeatBody, PING_DOMAINS, startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
let rw: string;
let ro: string;
let projectId: string;
let otherRw: string;

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
  otherRw = (await makeProjectWithKeys(h.prisma, 'business')).rwKey;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetRateLimits();
});

const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;

const cipher = createCipher(TEST_ENCRYPTION_KEY);

/** The check's whole stored http_config: plain settings joined with the decrypted credentials. */
async function storedHttpConfig(id: string) {
  const row = await h.prisma.check.findUniqueOrThrow({ where: { id } });
  return joinHttpConfig(row.httpConfig, row.httpSecrets ? cipher.decryptJson(row.httpSecrets, AAD.checkHttpSecrets(id)) : null);
}

async function create(body: Record<string, unknown>, key = rw) {
  return h.call('POST', '/checks', { key, body });
}

async function expect422(body: Record<string, unknown>, field: string, message?: RegExp | string) {
  const res = await create(body);
  expect(res.status).toBe(422);
  expect(res.body.message).toEqual(expect.any(String));
  expect(Object.keys(res.body.errors)).toContain(field);
  if (message) {
    const messages: string[] = res.body.errors[field];
    expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m)))).toBe(true);
  }
  return res;
}

describe('public endpoints', () => {
  test('GET /ping-domains needs no key and lists the configured domains', async () => {
    const res = await h.call('GET', '/ping-domains');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: PING_DOMAINS });
  });

  test('GET /openapi.json serves an OpenAPI 3.1 document of every path', async () => {
    const res = await h.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/ping-domains',
        '/checks',
        '/checks/{uuid}',
        '/checks/{uuid}/pause',
        '/checks/{uuid}/resume',
        '/checks/{uuid}/pings',
        '/checks/{uuid}/flips',
        '/integrations',
        '/integrations/{id}',
      ]),
    );
  });
});

describe('POST /checks', () => {
  test('creates a heartbeat check with defaults: status new, nulls, UTC, one ping URL per domain', async () => {
    const res = await create(heartbeatBody({ name: 'nightly backup' }));
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'heartbeat',
      name: 'nightly backup',
      slug: null,
      description: null,
      tags: [],
      schedule: { kind: 'period', period_sec: 3600, tz: 'UTC' },
      grace_sec: 60,
      min_run_sec: null,
      locations: [],
      quorum: null,
      depends_on: [],
      tz: 'UTC',
      status: 'new',
      last_ping_at: null,
      last_duration_ms: null,
      next_deadline_at: null,
      ping_urls: PING_DOMAINS.map((d) => `${d}/${c.id}`),
      created_at: expect.stringMatching(OFFSET),
      acknowledged: null,
      snooze: null,
    });
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.projectId).toBe(projectId);
  });

  test('stores every given field and echoes it back', async () => {
    const res = await create({
      name: 'report',
      kind: 'heartbeat',
      slug: 'daily-report_1',
      description: 'sends the report',
      tags: ['prod', 'reports'],
      tz: 'Europe/Riga',
      grace_sec: 300,
      schedule: { kind: 'cron', cron: '30 6 * * 1-5' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      slug: 'daily-report_1',
      description: 'sends the report',
      tags: ['prod', 'reports'],
      tz: 'Europe/Riga',
      schedule: { kind: 'cron', cron: '30 6 * * 1-5', tz: 'Europe/Riga' },
      grace_sec: 300,
    });
  });

  test('schedule.tz alone sets the check tz; both given and different is 422', async () => {
    const ok = await create(heartbeatBody({ schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'America/New_York' } }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.tz).toBe('America/New_York');
    expect(ok.body.data.schedule.tz).toBe('America/New_York');
    const same = await create(heartbeatBody({ tz: 'Asia/Tokyo', schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'Asia/Tokyo' } }));
    expect(same.status).toBe(201);
    await expect422(heartbeatBody({ tz: 'UTC', schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'Asia/Tokyo' } }), 'schedule.tz');
  });

  test('legacy time-zone names are stored as their canonical zone (tz, schedule.tz, PATCH)', async () => {
    const kiev = await create(heartbeatBody({ tz: 'Europe/Kiev', schedule: { kind: 'cron', cron: '0 3 * * *' } }));
    expect([kiev.status, kiev.body.data.tz, kiev.body.data.schedule.tz]).toEqual([201, 'Europe/Kyiv', 'Europe/Kyiv']);
    const uct = await create(heartbeatBody({ schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'UCT' } }));
    expect(uct.body.data.tz).toBe('Etc/UTC');
    // The same zone under both names is not a conflict.
    const both = await create(heartbeatBody({ tz: 'Europe/Kyiv', schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'Europe/Kiev' } }));
    expect([both.status, both.body.data.tz]).toEqual([201, 'Europe/Kyiv']);
    const patched = await h.call('PATCH', `/checks/${kiev.body.data.id}`, { key: rw, body: { tz: 'CET' } });
    expect([patched.status, patched.body.data.tz]).toEqual([200, 'Europe/Brussels']);
  });

  test('OnCalendar schedules are checked by the domain parser', async () => {
    await expect422(heartbeatBody({ schedule: { kind: 'oncalendar', oncalendar: 'not a calendar %%' } }), 'schedule.oncalendar', /OnCalendar/);
    const expr = 'Mon..Fri *-*-* 02:00:00';
    const res = await create(heartbeatBody({ schedule: { kind: 'oncalendar', oncalendar: expr } }));
    if (validateOnCalendar(expr) === null) {
      expect(res.status).toBe(201);
      expect(res.body.data.schedule).toEqual({ kind: 'oncalendar', oncalendar: expr, tz: 'UTC' });
    } else {
      expect(res.status).toBe(422);
      expect(res.body.errors['schedule.oncalendar'][0]).toContain(validateOnCalendar(expr));
    }
  });

  test('accepts the boundaries of every range', async () => {
    for (const body of [
      heartbeatBody({ name: 'x'.repeat(255) }),
      heartbeatBody({ slug: 'a'.repeat(100) }),
      heartbeatBody({ slug: '0' }),
      heartbeatBody({ grace_sec: 30 }),
      heartbeatBody({ grace_sec: 600, schedule: { kind: 'period', period_sec: 60 } }),
      heartbeatBody({ grace_sec: 2592000, schedule: { kind: 'period', period_sec: 31536000 } }),
      heartbeatBody({ description: '' }),
      heartbeatBody({ description: null }),
    ]) {
      await h.resetRateLimits();
      const res = await create(body);
      expect([res.status, body]).toEqual([201, body]);
    }
  });

  const invalid: [string, Record<string, unknown>, string, RegExp | string][] = [
    ['name missing', { grace_sec: 60, schedule: { kind: 'period', period_sec: 60 } }, 'name', 'is required'],
    ['name too long', heartbeatBody({ name: 'x'.repeat(256) }), 'name', /255/],
    ['name not a string', heartbeatBody({ name: 5 }), 'name', 'must be text'],
    ['name empty', heartbeatBody({ name: '' }), 'name', /empty/],
    ['kind unknown', heartbeatBody({ kind: 'icmp' }), 'kind', /heartbeat, http, tcp, dns, tls/],
    ['slug with capitals', heartbeatBody({ slug: 'Nightly' }), 'slug', /starting with a letter or digit/],
    ['slug starting with -', heartbeatBody({ slug: '-x' }), 'slug', /starting with a letter or digit/],
    ['slug of 101 chars', heartbeatBody({ slug: 'a'.repeat(101) }), 'slug', 'must be at most 100 characters long'],
    ['tags not an array', heartbeatBody({ tags: 'prod' }), 'tags', 'must be a list'],
    ['tag not a string', heartbeatBody({ tags: [1] }), 'tags.0', 'must be text'],
    ['description not a string', heartbeatBody({ description: 3 }), 'description', 'must be text'],
    ['tz unknown', heartbeatBody({ tz: 'Mars/Olympus' }), 'tz', /IANA/],
    ['schedule tz unknown', heartbeatBody({ schedule: { kind: 'period', period_sec: 60, tz: 'Nowhere/Land' } }), 'schedule.tz', /IANA/],
    ['grace_sec missing', { name: 'a', schedule: { kind: 'period', period_sec: 60 } }, 'grace_sec', 'is required'],
    ['grace_sec 29', heartbeatBody({ grace_sec: 29 }), 'grace_sec', /30/],
    ['grace_sec over 30 days', heartbeatBody({ grace_sec: 2592001 }), 'grace_sec', /2592000/],
    ['grace_sec fractional', heartbeatBody({ grace_sec: 60.5 }), 'grace_sec', 'must be a whole number'],
    ['grace_sec as a string', heartbeatBody({ grace_sec: '60' }), 'grace_sec', /number/],
    ['grace over 10 × period', heartbeatBody({ grace_sec: 601, schedule: { kind: 'period', period_sec: 60 } }), 'grace_sec', /10 × schedule.period_sec/],
    ['schedule missing', { name: 'a', grace_sec: 60 }, 'schedule', 'is required'],
    ['schedule not an object', heartbeatBody({ schedule: 'hourly' }), 'schedule', /object/],
    ['schedule kind unknown', heartbeatBody({ schedule: { kind: 'weekly' } }), 'schedule.kind', /period, cron, oncalendar/],
    ['period_sec missing', heartbeatBody({ schedule: { kind: 'period' } }), 'schedule.period_sec', 'is required'],
    ['period_sec 59', heartbeatBody({ schedule: { kind: 'period', period_sec: 59 } }), 'schedule.period_sec', /60/],
    ['period_sec over a year', heartbeatBody({ schedule: { kind: 'period', period_sec: 31536001 } }), 'schedule.period_sec', /31536000/],
    ['cron field on a period schedule', heartbeatBody({ schedule: { kind: 'period', period_sec: 60, cron: '* * * * *' } }), 'schedule.cron', 'is not allowed'],
    ['cron with 3 fields', heartbeatBody({ schedule: { kind: 'cron', cron: '* * *' } }), 'schedule.cron', /5 fields/],
    ['cron with 6 fields', heartbeatBody({ schedule: { kind: 'cron', cron: '0 * * * * *' } }), 'schedule.cron', /5 fields/],
    ['cron minute 61', heartbeatBody({ schedule: { kind: 'cron', cron: '61 * * * *' } }), 'schedule.cron', /cron/],
    ['cron missing', heartbeatBody({ schedule: { kind: 'cron' } }), 'schedule.cron', 'is required'],
    ['oncalendar missing', heartbeatBody({ schedule: { kind: 'oncalendar' } }), 'schedule.oncalendar', 'is required'],
    ['unknown field', heartbeatBody({ colour: 'red' }), 'colour', 'is not allowed'],
    ['read-only field', heartbeatBody({ status: 'up' }), 'status', 'is not allowed'],
    ['unknown schedule field', heartbeatBody({ schedule: { kind: 'period', period_sec: 60, every: 1 } }), 'schedule.every', 'is not allowed'],
    ['http_config on a heartbeat', heartbeatBody({ http_config: { url: 'https://example.com' } }), 'http_config', /only allowed for kind http/],
    ['http check without http_config', heartbeatBody({ kind: 'http' }), 'http_config', 'is required'],
  ];
  test.each(invalid)('422 when %s', async (_name, body, field, message) => {
    await expect422(body, field, message);
  });

  test('422 lists every problem at once', async () => {
    const res = await create({ name: '', grace_sec: 1, schedule: { kind: 'period', period_sec: 1 }, extra: true });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['extra', 'grace_sec', 'name', 'schedule.period_sec']);
  });

  test('a rejected body creates nothing', async () => {
    const before = await h.prisma.check.count();
    await expect422(heartbeatBody({ grace_sec: 1 }), 'grace_sec');
    expect(await h.prisma.check.count()).toBe(before);
  });
});

describe('http checks', () => {
  const http = (config: Record<string, unknown>) => heartbeatBody({ kind: 'http', http_config: config });

  test('stores http_config with defaults, never returns it, leaves next_probe_at null', async () => {
    const res = await create(http({ url: 'https://example.com/health' }));
    expect(res.status).toBe(201);
    expect(res.body.data.kind).toBe('http');
    expect(res.body.data).not.toHaveProperty('http_config');
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.nextProbeAt).toBeNull();
    expect(await storedHttpConfig(row.id)).toEqual({
      url: 'https://example.com/health',
      method: 'GET',
      timeout_sec: 10,
      expected_codes: ['2xx', '3xx'],
      keyword_absent: false,
      follow_redirects: true,
      ssl_days_before: 14,
      confirmations: 2,
    });
  });

  test('accepts every http_config field', async () => {
    const config = {
      url: 'http://example.com:8080/x?y=1',
      method: 'POST',
      timeout_sec: 30,
      expected_codes: ['200', '3xx'],
      keyword: 'ok',
      keyword_absent: true,
      follow_redirects: false,
      headers: { 'X-Token': 'abc', Accept: 'text/plain' },
      basic_auth: { username: 'u', password: 'p' },
      ssl_days_before: 30,
      confirmations: 5,
    };
    const res = await create(http(config));
    expect(res.status).toBe(201);
    expect(await storedHttpConfig(res.body.data.id)).toEqual(config);
  });

  test('url, headers and basic_auth are stored encrypted, never in clear', async () => {
    const config = {
      url: 'https://monitor:url-pw@example.com/health?token=query-secret',
      headers: { Authorization: 'Bearer header-secret' },
      basic_auth: { username: 'admin', password: 'basic-secret' },
      confirmations: 3,
    };
    const id = (await create(http(config))).body.data.id;
    // bytea as base64: Prisma's raw queries cannot return bytea through the pg adapter.
    const [raw] = await h.prisma.$queryRaw<{ config: string; secrets: string }[]>`
      SELECT http_config::text AS config, encode(http_secrets, 'base64') AS secrets FROM checks WHERE id = ${id}::uuid`;
    expect(raw!.config).toContain('"confirmations": 3');
    for (const secret of ['url-pw', 'query-secret', 'header-secret', 'basic-secret', 'example.com']) {
      expect(raw!.config).not.toContain(secret);
      expect(Buffer.from(raw!.secrets, 'base64').toString('latin1')).not.toContain(secret);
    }
    expect(await storedHttpConfig(id)).toMatchObject(config);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['url missing', {}, 'http_config.url'],
    ['url not http(s)', { url: 'ftp://example.com' }, 'http_config.url'],
    ['url not a URI', { url: 'example' }, 'http_config.url'],
    ['method PUT', { url: 'https://e.com', method: 'PUT' }, 'http_config.method'],
    ['timeout_sec 0', { url: 'https://e.com', timeout_sec: 0 }, 'http_config.timeout_sec'],
    ['timeout_sec 31', { url: 'https://e.com', timeout_sec: 31 }, 'http_config.timeout_sec'],
    ['expected code 600', { url: 'https://e.com', expected_codes: ['600'] }, 'http_config.expected_codes.0'],
    ['expected codes not strings', { url: 'https://e.com', expected_codes: [200] }, 'http_config.expected_codes.0'],
    ['keyword not a string', { url: 'https://e.com', keyword: 5 }, 'http_config.keyword'],
    ['keyword_absent without keyword', { url: 'https://e.com', keyword_absent: true }, 'http_config.keyword'],
    ['keyword_absent not boolean', { url: 'https://e.com', keyword: 'x', keyword_absent: 'yes' }, 'http_config.keyword_absent'],
    ['follow_redirects not boolean', { url: 'https://e.com', follow_redirects: 1 }, 'http_config.follow_redirects'],
    ['header value not a string', { url: 'https://e.com', headers: { 'X-A': 1 } }, 'http_config.headers.X-A'],
    ['header name invalid', { url: 'https://e.com', headers: { 'bad name': 'x' } }, 'http_config.headers.bad name'],
    ['header value with a newline', { url: 'https://e.com', headers: { 'X-A': 'a\r\nB: c' } }, 'http_config.headers.X-A'],
    ['basic_auth without password', { url: 'https://e.com', basic_auth: { username: 'u' } }, 'http_config.basic_auth.password'],
    ['ssl_days_before 10', { url: 'https://e.com', ssl_days_before: 10 }, 'http_config.ssl_days_before'],
    ['confirmations 0', { url: 'https://e.com', confirmations: 0 }, 'http_config.confirmations'],
    ['confirmations 6', { url: 'https://e.com', confirmations: 6 }, 'http_config.confirmations'],
    ['unknown field', { url: 'https://e.com', retries: 3 }, 'http_config.retries'],
  ];
  test.each(invalid)('422 when %s', async (_name, config, field) => {
    await expect422(http(config), field);
  });
});

describe('slugs', () => {
  test('unique within the project, free in another one', async () => {
    expect((await create(heartbeatBody({ slug: 'nightly' }))).status).toBe(201);
    await expect422(heartbeatBody({ slug: 'nightly' }), 'slug', /already used/);
    expect((await create(heartbeatBody({ slug: 'nightly' }), otherRw)).status).toBe(201);
  });
});

describe('GET /checks and /checks/{uuid}', () => {
  test("lists only the project's checks, in creation order; ro keys may read", async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const ids: string[] = [];
    for (const name of ['c', 'a', 'b']) ids.push((await create(heartbeatBody({ name }), p.rwKey)).body.data.id);
    const res = await h.call('GET', '/checks', { key: p.roKey });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(ids);
  });

  test('an empty project lists no checks', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const res = await h.call('GET', '/checks', { key: p.roKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ data: [] });
  });

  test('the list reflects every change of a check at once (reused JSON is checked against the row version)', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const list = async () =>
      (await h.call('GET', '/checks', { key: p.roKey })).body.data as { id: string; name: string; status: string; last_ping_at: string | null }[];
    const a = (await create(heartbeatBody({ name: 'a' }), p.rwKey)).body.data;
    const b = (await create(heartbeatBody({ name: 'b' }), p.rwKey)).body.data;
    expect((await list()).map((c) => c.name)).toEqual(['a', 'b']);
    expect(await list()).toEqual([a, b]);

    // Written behind the api's back, as the ping receiver and the scheduler do.
    await h.prisma.check.update({ where: { id: a.id }, data: { status: 'up', lastPingAt: new Date('2026-04-01T00:00:00Z') } });
    expect((await list())[0]).toMatchObject({ status: 'up', last_ping_at: '2026-04-01T00:00:00.000+00:00' });

    for (const name of ['b1', 'b2', 'b3']) {
      await h.prisma.check.update({ where: { id: b.id }, data: { name } });
      expect((await list())[1]!.name).toBe(name);
    }

    await h.call('POST', `/checks/${a.id}/pause`, { key: p.rwKey });
    expect((await list())[0]!.status).toBe('paused');
    const c = (await create(heartbeatBody({ name: 'c' }), p.rwKey)).body.data;
    expect((await h.call('DELETE', `/checks/${a.id}`, { key: p.rwKey })).status).toBe(204);
    expect((await list()).map((x) => x.name)).toEqual(['b3', 'c']);
    expect((await list())[1]).toEqual(c);
  });

  test('reads one check; unknown, malformed or foreign ids are 404', async () => {
    const id = (await create(heartbeatBody())).body.data.id;
    const res = await h.call('GET', `/checks/${id}`, { key: ro });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(id);
    for (const [key, path] of [
      [rw, '/checks/00000000-0000-4000-8000-000000000000'],
      [rw, '/checks/not-a-uuid'],
      [otherRw, `/checks/${id}`],
    ] as const) {
      const r = await h.call('GET', path, { key });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: 'check not found' });
    }
  });

  test('the read paths (raw SQL) present a check exactly as the write paths do', async () => {
    const created = (
      await create(
        heartbeatBody({ slug: 'same-shape', tags: ['x', 'y z'], description: 'd', tz: 'Asia/Kolkata', schedule: { kind: 'cron', cron: '15 3 * * *' } }),
      )
    ).body.data;
    await h.prisma.check.update({ where: { id: created.id }, data: { lastPingAt: new Date('2026-02-03T04:05:06.789Z') } });
    const paused = (await h.call('POST', `/checks/${created.id}/pause`, { key: rw })).body.data;
    expect(paused.last_ping_at).toBe('2026-02-03T04:05:06.789+00:00');
    const one = (await h.call('GET', `/checks/${created.id}`, { key: ro })).body.data;
    const listed = (await h.call('GET', '/checks', { key: ro })).body.data.find((c: { id: string }) => c.id === created.id);
    expect(one).toEqual(paused);
    expect(listed).toEqual(paused);
    expect(one.created_at).toBe(created.created_at);
    expect(one.tags).toEqual(['x', 'y z']);
  });

  test('the read paths present period and oncalendar schedules and null fields as the write paths do', async () => {
    for (const schedule of [
      { kind: 'period', period_sec: 3600 },
      { kind: 'oncalendar', oncalendar: '*-*-* 03:00:00' },
    ]) {
      const created = (await create(heartbeatBody({ schedule }))).body.data;
      const one = (await h.call('GET', `/checks/${created.id}`, { key: ro })).body.data;
      const listed = (await h.call('GET', '/checks', { key: ro })).body.data.find((c: { id: string }) => c.id === created.id);
      expect(one).toEqual(created);
      expect(listed).toEqual(created);
    }
  });

  test('timestamps of pinged checks carry +00:00', async () => {
    const c = await makeCheck(h.prisma, projectId, {
      status: 'up',
      lastPingAt: new Date('2026-03-01T10:00:00.123Z'),
      nextDeadlineAt: new Date('2026-03-01T10:01:00.123Z'),
      lastDurationMs: 1500,
    });
    const res = await h.call('GET', `/checks/${c.id}`, { key: ro });
    expect(res.body.data).toMatchObject({
      status: 'up',
      last_ping_at: '2026-03-01T10:00:00.123+00:00',
      next_deadline_at: '2026-03-01T10:01:00.123+00:00',
      last_duration_ms: 1500,
    });
  });
});

describe('PATCH /checks/{uuid}', () => {
  test('is partial: absent fields keep their values; kind and slug are ignored', async () => {
    const c = (await create(heartbeatBody({ slug: 'keep-me', tags: ['a'], description: 'd', tz: 'Europe/Riga' }))).body.data;
    const res = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { name: 'renamed', kind: 'http', slug: 'changed' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...c, name: 'renamed' });
  });

  test('validates the merged result (grace ≤ 10 × period)', async () => {
    const c = (await create(heartbeatBody({ grace_sec: 60, schedule: { kind: 'period', period_sec: 60 } }))).body.data;
    const bad = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { grace_sec: 601 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.grace_sec).toEqual(['must not exceed 10 × schedule.period_sec']);
    const shorter = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { grace_sec: 600 } });
    expect(shorter.status).toBe(200);
    const period = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { schedule: { kind: 'period', period_sec: 59 } } });
    expect(period.status).toBe(422);
    const tooShort = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { schedule: { kind: 'period', period_sec: 59 } } });
    expect(Object.keys(tooShort.body.errors)).toContain('schedule.period_sec');
    const cron = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { schedule: { kind: 'cron', cron: '*/5 * * * *' }, grace_sec: 7200 } });
    expect(cron.status).toBe(200);
    expect(cron.body.data.schedule).toEqual({ kind: 'cron', cron: '*/5 * * * *', tz: 'UTC' });
    expect(cron.body.data.grace_sec).toBe(7200);
  });

  test('rejects unknown and read-only fields, and http_config on a heartbeat', async () => {
    const c = (await create(heartbeatBody())).body.data;
    for (const [body, field] of [
      [{ status: 'up' }, 'status'],
      [{ id: c.id }, 'id'],
      [{ ping_urls: [] }, 'ping_urls'],
      [{ http_config: { url: 'https://e.com' } }, 'http_config'],
      [{ tz: 'Moon/Base' }, 'tz'],
      [{ name: null }, 'name'],
    ] as const) {
      const res = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body });
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
  });

  test("tz changes move the schedule's tz with them", async () => {
    const c = (await create(heartbeatBody({ schedule: { kind: 'cron', cron: '0 4 * * *' } }))).body.data;
    const res = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { tz: 'Australia/Sydney' } });
    expect(res.body.data.schedule).toEqual({ kind: 'cron', cron: '0 4 * * *', tz: 'Australia/Sydney' });
    const viaSchedule = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { schedule: { kind: 'cron', cron: '0 5 * * *', tz: 'Europe/Paris' } } });
    expect(viaSchedule.status).toBe(200);
    expect(viaSchedule.body.data.tz).toBe('Europe/Paris');
  });

  test('a new schedule recomputes the pending deadline from the last ping', async () => {
    const lastPing = new Date('2026-05-01T00:00:00.000Z');
    const c = await makeCheck(h.prisma, projectId, { status: 'up', lastPingAt: lastPing, nextDeadlineAt: new Date('2026-05-01T00:01:00.000Z') });
    const res = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { schedule: { kind: 'period', period_sec: 3600 } } });
    expect(res.status).toBe(200);
    expect(res.body.data.next_deadline_at).toBe('2026-05-01T01:00:00.000+00:00');
  });

  test('http_config is replaced as a whole and the check becomes due for a probe', async () => {
    const c = (await create(heartbeatBody({ kind: 'http', http_config: { url: 'https://a.example', keyword: 'ok' } }))).body.data;
    await h.prisma.check.update({ where: { id: c.id }, data: { nextProbeAt: new Date('2030-01-01T00:00:00Z') } });
    const res = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { http_config: { url: 'https://b.example', timeout_sec: 5 } } });
    expect(res.status).toBe(200);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } });
    expect(await storedHttpConfig(c.id)).toMatchObject({ url: 'https://b.example', timeout_sec: 5 });
    expect(await storedHttpConfig(c.id)).not.toHaveProperty('keyword');
    expect(row.nextProbeAt).toBeNull();
    const noConfig = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { http_config: { timeout_sec: 5 } } });
    expect(noConfig.status).toBe(422);
    expect(Object.keys(noConfig.body.errors)).toEqual(['http_config.url']);
  });

  test('a PATCH of other fields keeps the encrypted credentials and does not reschedule the probe', async () => {
    const config = { url: 'https://a.example/x', headers: { 'X-Key': 'k' }, basic_auth: { username: 'u', password: 'p' } };
    const c = (await create(heartbeatBody({ kind: 'http', http_config: config }))).body.data;
    const before = await storedHttpConfig(c.id);
    await h.prisma.check.update({ where: { id: c.id }, data: { nextProbeAt: new Date('2030-01-01T00:00:00Z') } });
    expect((await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { name: 'renamed' } })).status).toBe(200);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } });
    expect(await storedHttpConfig(c.id)).toEqual(before);
    expect(row.nextProbeAt).toEqual(new Date('2030-01-01T00:00:00Z'));
  });

  test('a check stored with its credentials in clear (before encryption) is moved to the encrypted column by its next PATCH', async () => {
    const c = await makeCheck(h.prisma, projectId, {
      kind: 'http',
      httpConfig: { url: 'https://legacy.example', basic_auth: { username: 'u', password: 'legacy-secret' }, confirmations: 2 },
    });
    expect((await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { name: 'renamed' } })).status).toBe(200);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } });
    expect(JSON.stringify(row.httpConfig)).not.toContain('legacy');
    expect(await storedHttpConfig(c.id)).toMatchObject({
      url: 'https://legacy.example',
      basic_auth: { username: 'u', password: 'legacy-secret' },
      confirmations: 2,
    });
  });

  test('404 for unknown or foreign checks', async () => {
    const c = (await create(heartbeatBody())).body.data;
    expect((await h.call('PATCH', '/checks/00000000-0000-4000-8000-000000000000', { key: rw, body: { name: 'x' } })).status).toBe(404);
    expect((await h.call('PATCH', `/checks/${c.id}`, { key: otherRw, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('minimum run time (min_run_sec, an addition)', () => {
  const http = heartbeatBody({ kind: 'http', http_config: { url: 'https://example.com/health' } });

  test('is stored and returned by create, GET and the list; PATCH keeps, changes and removes it', async () => {
    const created = await create(heartbeatBody({ min_run_sec: 90 }));
    expect(created.status).toBe(201);
    const c = created.body.data;
    expect(c.min_run_sec).toBe(90);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } })).minRunSec).toBe(90);
    expect((await h.call('GET', `/checks/${c.id}`, { key: rw })).body.data.min_run_sec).toBe(90);
    const listed = (await h.call('GET', '/checks', { key: rw })).body.data.find((x: { id: string }) => x.id === c.id);
    expect(listed.min_run_sec).toBe(90);

    const renamed = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { name: 'renamed' } });
    expect(renamed.body.data.min_run_sec).toBe(90);
    const changed = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { min_run_sec: 86_400 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.min_run_sec).toBe(86_400);
    const removed = await h.call('PATCH', `/checks/${c.id}`, { key: rw, body: { min_run_sec: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.data.min_run_sec).toBeNull();
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id: c.id } })).minRunSec).toBeNull();
  });

  test.each([0, -5, 86_401, 1.5, 'abc', true])('422 for %p', async (value) => {
    await expect422(heartbeatBody({ min_run_sec: value }), 'min_run_sec');
  });

  test('http checks: 422 for a minimum (null is accepted), on create and on PATCH', async () => {
    await expect422({ ...http, min_run_sec: 60 }, 'min_run_sec', 'is only allowed for kind heartbeat');
    const c = await create({ ...http, min_run_sec: null });
    expect(c.status).toBe(201);
    expect(c.body.data.min_run_sec).toBeNull();
    const patched = await h.call('PATCH', `/checks/${c.body.data.id}`, { key: rw, body: { min_run_sec: 60 } });
    expect(patched.status).toBe(422);
    expect(patched.body.errors.min_run_sec).toEqual(['is only allowed for kind heartbeat']);
  });
});

describe('DELETE /checks/{uuid}', () => {
  test('deletes the check with its pings and flips; then 404', async () => {
    const c = (await create(heartbeatBody())).body.data;
    await h.prisma.ping.create({ data: { checkId: c.id, type: 'success', method: 'GET' } });
    await h.prisma.flip.create({ data: { checkId: c.id, projectId, ts: new Date(), oldStatus: 'new', newStatus: 'up', reason: 'ping' } });
    const res = await h.call('DELETE', `/checks/${c.id}`, { key: rw });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await h.prisma.ping.count({ where: { checkId: c.id } })).toBe(0);
    expect(await h.prisma.flip.count({ where: { checkId: c.id } })).toBe(0);
    expect((await h.call('GET', `/checks/${c.id}`, { key: rw })).status).toBe(404);
    expect((await h.call('DELETE', `/checks/${c.id}`, { key: rw })).status).toBe(404);
  });

  test('a foreign check is 404 and is not deleted', async () => {
    const c = (await create(heartbeatBody())).body.data;
    expect((await h.call('DELETE', `/checks/${c.id}`, { key: otherRw })).status).toBe(404);
    expect(await h.prisma.check.count({ where: { id: c.id } })).toBe(1);
  });
});

describe('plan quota', () => {
  test("creation beyond the plan's check quota is 403 with the reason", async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    // 1,000 = the pro quota (planLimits in core); inserted directly, the API limit is 10/min.
    await h.prisma.check.createMany({
      data: Array.from({ length: 999 }, (_, i) => ({ projectId: p.project.id, name: `c${i}`, scheduleKind: 'period' as const, periodSec: 60, graceSec: 60 })),
    });
    expect((await create(heartbeatBody(), p.rwKey)).status).toBe(201);
    const res = await create(heartbeatBody(), p.rwKey);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/quota.*pro plan allows 1000 checks/);
    expect(await h.prisma.check.count({ where: { projectId: p.project.id } })).toBe(1000);
  });
});
