// Healthchecks' hc/api/tests/test_get_pings.py, test_get_flips.py, test_get_ping_body.py and
// test_list_channels.py, case by case, over HTTP against the built api (their /api/v1 cases on
// /api/v2). Titles with "upmon:" assert a documented difference (docs/healthchecks.md).
import { randomUUID } from 'node:crypto';
import { AAD, createCipher } from '@upmon/crypto';
import { hcUniqueKey } from '@upmon/healthchecks';
import { makeCheck, sealPingBody, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld({ APP_BASE_URL: 'http://testserver', PING_DOMAINS: 'https://ping.testserver' });
const cipher = createCipher(TEST_ENCRYPTION_KEY);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const a1Check = () =>
  makeCheck(w.prisma, w.alice.projectId, {
    name: 'Alice 1',
    periodSec: 3600,
    graceSec: 900,
    tags: ['a1-tag', 'a1-additional-tag'],
    description: 'This is description',
  });

describe('test_get_pings.py', () => {
  let a1: { id: string };
  let url: string;
  beforeEach(async () => {
    a1 = await a1Check();
    await w.prisma.check.update({ where: { id: a1.id }, data: { nPings: 1 } });
    await w.prisma.ping.create({ data: { checkId: a1.id, n: 1, sourceIp: '1.2.3.4', method: 'get', userAgent: 'foo-agent', type: 'success' } });
    url = `/checks/${a1.id}/pings/`;
  });
  const get = (key = w.alice.rw) => w.hc('GET', url, { key });
  const pingOnce = (path: string, init?: RequestInit) => w.ping(`/ping/${a1.id}${path}`, init);

  test('test_it_works — upmon: scheme is the first ping domain’s', async () => {
    const r = await get();
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect(r.body.pings).toHaveLength(1);
    expect(r.body.pings[0]).toMatchObject({ n: 1, remote_addr: '1.2.3.4', scheme: 'https', method: 'get', ua: 'foo-agent', body_url: null });
  });

  test('test_readonly_key_is_not_allowed', async () => {
    expect((await get(w.alice.ro)).status).toBe(401);
  });

  test('test_it_rejects_post', async () => {
    expect((await w.hc('POST', url, { key: w.alice.rw })).status).toBe(405);
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await w.hc('GET', url);
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });

  test('test_it_calculates_overlapping_durations (real pings, in tenths of a second: upmon measures each run as its completion arrives)', async () => {
    await w.prisma.ping.deleteMany({ where: { checkId: a1.id } });
    const [a, b] = [randomUUID(), randomUUID()];
    // When each ping was answered, client side: every duration must match its own run's start.
    const at: Record<string, number> = {};
    const send = async (name: string, path: string) => {
      await pingOnce(path);
      at[name] = Date.now();
    };
    await send('startA', `/start?rid=${a}`);
    await sleep(300);
    await send('startB', `/start?rid=${b}`);
    await sleep(300);
    await send('endA', `?rid=${a}`);
    await sleep(1200);
    await send('endB', `?rid=${b}`);
    const pings = (await get()).body.pings as { rid: string; duration?: number }[];
    expect(pings.map((p) => p.rid)).toEqual([b, a, b, a]);
    const close = (seconds: number, from: string, to: string) => Math.abs(seconds * 1000 - (at[to]! - at[from]!)) < 250;
    expect([pings[0]!.duration, close(pings[0]!.duration!, 'startB', 'endB')]).toEqual([expect.any(Number), true]);
    expect([pings[1]!.duration, close(pings[1]!.duration!, 'startA', 'endA')]).toEqual([expect.any(Number), true]);
  });

  test('test_it_disables_duration_calculation', async () => {
    await w.prisma.ping.deleteMany({ where: { checkId: a1.id } });
    // Every success with its own rid and no start: nothing to measure.
    for (let i = 1; i < 12; i++) expect((await pingOnce(`?rid=${randomUUID()}`)).status).toBe(200);
    const pings = (await get()).body.pings as Record<string, unknown>[];
    expect(pings).toHaveLength(11);
    for (const p of pings) expect('duration' in p).toBe(false);
  });

  test('test_it_handles_rid', async () => {
    const rid = randomUUID();
    await w.prisma.ping.updateMany({ where: { checkId: a1.id }, data: { rid } });
    expect((await get()).body.pings[0].rid).toBe(rid);
  });

  test('test_it_handles_empty_body_raw', async () => {
    await w.prisma.ping.deleteMany({ where: { checkId: a1.id } });
    expect((await pingOnce('', { method: 'POST', body: '' })).status).toBe(200);
    expect((await get()).body.pings[0].body_url).toBeNull();
  });

  test('test_it_handles_nonempty_body_raw', async () => {
    await w.prisma.ping.updateMany({ where: { checkId: a1.id }, data: { body: sealPingBody(a1.id, 'this is ping body') } });
    expect((await get()).body.pings[0].body_url).toBe(`http://testserver/api/v3/checks/${a1.id}/pings/1/body`);
  });
});

describe('test_get_flips.py', () => {
  let a1: { id: string };
  let url: string;
  beforeEach(async () => {
    a1 = await a1Check();
    await w.prisma.flip.create({
      data: { checkId: a1.id, projectId: w.alice.projectId, ts: new Date('2020-06-01T12:24:32.123Z'), oldStatus: 'new', newStatus: 'up', reason: 'ping' },
    });
    url = `/checks/${a1.id}/flips/`;
  });
  const get = (qs = '', key = w.alice.rw) => w.hc('GET', `${url}${qs}`, { key, version: 2 });

  test('test_it_works', async () => {
    const r = await get();
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    // Microseconds are stripped out.
    expect(r.body).toEqual({ flips: [{ timestamp: '2020-06-01T12:24:32+00:00', up: 1 }] });
  });

  test('test_it_works_with_unique_key', async () => {
    const r = await w.hc('GET', `/checks/${hcUniqueKey(a1.id)}/flips/`, { key: w.alice.rw, version: 2 });
    expect([r.status, r.body.flips.length]).toEqual([200, 1]);
  });

  test('test_readonly_key_is_allowed', async () => {
    expect((await get('', w.alice.ro)).status).toBe(200);
  });

  test('test_it_rejects_post', async () => {
    expect((await w.hc('POST', url, { key: w.alice.rw, version: 2 })).status).toBe(405);
  });

  test('test_it_rejects_non_integer_start', async () => {
    expect((await get('?start=abc')).status).toBe(400);
  });

  test('test_it_rejects_negative_start', async () => {
    expect((await get('?start=-123')).status).toBe(400);
  });

  test('test_it_filters_by_start', async () => {
    const r = await get('?start=1591014300'); // 2020-06-01 12:25:00
    expect([r.status, r.body]).toEqual([200, { flips: [] }]);
  });

  test('test_it_filters_by_end', async () => {
    const r = await get('?end=1591014180'); // 2020-06-01 12:23:00
    expect([r.status, r.body]).toEqual([200, { flips: [] }]);
  });

  test('test_it_rejects_huge_start', async () => {
    expect((await get('?start=12345678901234567890')).status).toBe(400);
  });

  test('test_it_rejects_negative_seconds', async () => {
    expect((await get('?seconds=-123')).status).toBe(400);
  });

  test('test_it_rejects_huge_seconds', async () => {
    expect((await get('?seconds=12345678901234567890')).status).toBe(400);
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await w.hc('GET', url, { version: 2 });
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });
});

describe('test_get_ping_body.py', () => {
  let check: { id: string };
  let url: string;
  beforeEach(async () => {
    check = await makeCheck(w.prisma, w.alice.projectId, { name: 'Alice 1', nPings: 1, status: 'up' });
    await w.prisma.ping.create({ data: { checkId: check.id, n: 1, type: 'success', method: 'GET', body: sealPingBody(check.id, 'Foo\nBar\nBaz') } });
    url = `/checks/${check.id}/pings/1/body`;
  });
  const get = (key = w.alice.rw) => w.hc('GET', url, { key, version: 2 });

  test('test_it_works', async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toBe('Foo\nBar\nBaz');
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await w.hc('GET', url, { version: 2 });
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });

  test('test_readonly_key_is_not_allowed', async () => {
    expect((await get(w.alice.ro)).status).toBe(401);
  });

  test('test_it_rejects_post', async () => {
    expect((await w.hc('POST', url, { key: w.alice.rw, version: 2 })).status).toBe(405);
  });

  test('test_it_rejects_charlies_key — upmon: 404, another project’s check is never revealed', async () => {
    const charlie = await w.project();
    expect((await get(charlie.rw)).status).toBe(404);
  });

  test('test_it_checks_n_threshold (upmon keeps PING_RETENTION = 1,000 pings)', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { nPings: 1001 } });
    expect((await get()).status).toBe(404);
  });

  test('test_it_handles_no_body', async () => {
    await w.prisma.ping.updateMany({ where: { checkId: check.id }, data: { body: null } });
    expect((await get()).status).toBe(404);
  });

  test('test_it_returns_original_bytes', async () => {
    const bytes = Buffer.from([0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x01, 0x99, 0x57, 0x6f, 0x72, 0x6c, 0x64]);
    await w.prisma.ping.updateMany({
      where: { checkId: check.id },
      data: { body: new Uint8Array(cipher.encrypt(bytes, AAD.pingBody(check.id))) },
    });
    const res = await fetch(`${w.api.url}/api/v2${url}`, { headers: { 'x-api-key': w.alice.rw } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('test_list_channels.py', () => {
  let c1: { uuid: string };
  beforeEach(async () => {
    c1 = await w.prisma.integration.create({
      data: { projectId: w.alice.projectId, kind: 'email', name: 'Email to Alice', events: ['down', 'up'], config: new Uint8Array([0]) },
    });
  });
  const get = () => w.hc('GET', '/channels/', { key: w.alice.rw, version: 2 });

  test('test_it_works', async () => {
    const r = await get();
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect(r.body.channels).toEqual([{ id: c1.uuid, kind: 'email', name: 'Email to Alice' }]);
  });

  test('test_it_handles_options', async () => {
    const r = await w.hc('OPTIONS', '/channels/', { version: 2 });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toContain('GET');
  });

  test('test_it_shows_only_users_channels', async () => {
    const bob = await w.project();
    await w.prisma.integration.create({ data: { projectId: bob.projectId, kind: 'email', name: 'Bob', events: ['down'], config: new Uint8Array([0]) } });
    const channels = (await get()).body.channels as { name: string }[];
    expect(channels.map((c) => c.name)).toEqual(['Email to Alice']);
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await w.hc('GET', '/channels/', { version: 2 });
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });

  test('test_it_rejects_post', async () => {
    expect((await w.hc('POST', '/channels/', { key: w.alice.rw, version: 2 })).status).toBe(405);
  });
});
