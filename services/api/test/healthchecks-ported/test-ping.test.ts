// Healthchecks' hc/api/tests/test_ping.py, case by case, over HTTP against the built api. Where
// upmon differs on purpose the title says so and the test asserts upmon's documented behaviour
// (docs/healthchecks.md); the cases not ported are listed there with the reason.
import { randomUUID } from 'node:crypto';
import { IGNORED_PING } from '@upmon/core';
import { AAD, createCipher } from '@upmon/crypto';
import { makeCheck, openPingBody, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const cipher = createCipher(TEST_ENCRYPTION_KEY);
const w = useHcWorld();
let check: { id: string };
let url: string;

beforeEach(async () => {
  // Healthchecks' new check: a day's timeout, an hour's grace.
  check = await makeCheck(w.prisma, w.alice.projectId, { periodSec: 86_400, graceSec: 3600 });
  url = `/ping/${check.id}`;
});

const reload = () => w.prisma.check.findUniqueOrThrow({ where: { id: check.id } });
const pings = () => w.prisma.ping.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } });
const onlyPing = async () => {
  const all = await pings();
  expect(all).toHaveLength(1);
  return all[0]!;
};
/** The pings as /api/v3 lists them (Healthchecks' Ping.to_dict). */
const apiPings = async () => (await w.hc('GET', `/checks/${check.id}/pings/`, { key: w.alice.rw })).body.pings as Record<string, unknown>[];
const setCheck = (data: Parameters<HcWorld['prisma']['check']['update']>[0]['data']) => w.prisma.check.update({ where: { id: check.id }, data });
const get = (path: string, headers: Record<string, string> = {}) => w.ping(path, { headers });
const post = (path: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'text/plain' }) =>
  w.ping(path, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers });

test('test_it_works', async () => {
  const r = await get(url);
  expect([r.status, await r.text()]).toEqual([200, 'OK']);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.headers.get('ping-body-limit')).toBe('10000');
  const c = await reload();
  expect([c.nPings, c.status]).toEqual([1, 'up']);
  // Healthchecks' alert_after is last ping + timeout + grace; upmon's deadline is the late
  // transition (last ping + timeout), down follows one grace later.
  expect(c.nextDeadlineAt!.getTime() - c.lastPingAt!.getTime()).toBe(86_400_000);
  const p = await onlyPing();
  expect([p.n, p.type, p.exitStatus]).toEqual([1, 'success', null]);
  const same = await w.prisma.$queryRaw<
    { same: boolean }[]
  >`SELECT p.ts = c.last_ping_at AS same FROM pings p JOIN checks c ON c.id = p.check_id WHERE p.id = ${p.id}`;
  expect(same).toEqual([{ same: true }]);
  expect((await apiPings())[0]).toMatchObject({ type: 'success', n: 1, scheme: 'http' });
});

test('test_it_changes_status_of_paused_check — upmon: a paused check stays paused (always manual_resume), the ping is listed as ign', async () => {
  await setCheck({ status: 'paused' });
  expect((await get(url)).status).toBe(200);
  expect((await reload()).status).toBe('paused');
  expect((await apiPings())[0]).toMatchObject({ type: 'ign' });
});

test('test_it_clears_last_start', async () => {
  await setCheck({ lastStartAt: new Date() });
  expect((await get(url)).status).toBe(200);
  expect((await reload()).lastStartAt).toBeNull();
});

test('test_post_works', async () => {
  expect((await post(url, 'hello world')).status).toBe(200);
  const p = await onlyPing();
  expect(p.method).toBe('POST');
  expect(openPingBody(check.id, p.body!)).toBe('hello world');
});

test('test_head_works', async () => {
  expect((await w.ping(url, { method: 'HEAD' })).status).toBe(200);
  expect(await pings()).toHaveLength(1);
});

test('test_it_handles_bad_uuid', async () => {
  expect((await get('/ping/not-uuid/')).status).toBe(404);
});

test('test_it_rejects_alternative_uuid_formats', async () => {
  // This uuid is missing separators.
  expect((await get('/ping/07c2f54898504b27af5d6c9dc157ec02/')).status).toBe(404);
});

test('test_it_handles_missing_check', async () => {
  const r = await get('/ping/07c2f548-9850-4b27-af5d-6c9dc157ec02/');
  expect([r.status, await r.text()]).toEqual([404, 'not found']);
});

test('test_it_handles_120_char_ua', async () => {
  const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/44.0.2403.89 Safari/537.36';
  expect((await get(url, { 'user-agent': ua })).status).toBe(200);
  expect((await onlyPing()).userAgent).toBe(ua);
});

test('test_it_truncates_long_ua', async () => {
  const ua = '01234567890'.repeat(30);
  expect((await get(url, { 'user-agent': ua })).status).toBe(200);
  const p = await onlyPing();
  expect(p.userAgent).toHaveLength(200);
  expect(ua.startsWith(p.userAgent!)).toBe(true);
});

test('test_it_reads_forwarded_ip', async () => {
  expect((await get(url, { 'x-forwarded-for': '1.1.1.1' })).status).toBe(200);
  expect((await onlyPing()).sourceIp).toBe('1.1.1.1');
});

test('test_it_reads_forwarded_ipv6_ip', async () => {
  expect((await get(url, { 'x-forwarded-for': '2001::1' })).status).toBe(200);
  expect((await onlyPing()).sourceIp).toBe('2001::1');
});

test('test_it_reads_first_forwarded_ip — upmon: the rightmost hop that is not a trusted proxy (the first one is the client’s to forge)', async () => {
  expect((await get(url, { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' })).status).toBe(200);
  expect((await onlyPing()).sourceIp).toBe('2.2.2.2');
});

test('test_it_handles_forwarded_ip_plus_port', async () => {
  expect((await get(url, { 'x-forwarded-for': '1.1.1.1:1234' })).status).toBe(200);
  expect((await onlyPing()).sourceIp).toBe('1.1.1.1');
});

test('test_it_handles_ipv4_mapped_ipv6_address — upmon: shown as the IPv4 address', async () => {
  expect((await get(url, { 'x-forwarded-for': '::ffff:1.1.1.1' })).status).toBe(200);
  expect((await onlyPing()).sourceIp).toBe('1.1.1.1');
});

test('test_it_never_caches', async () => {
  expect((await get(url)).headers.get('cache-control')).toContain('no-cache');
});

test('test_fail_endpoint_works', async () => {
  expect((await get(`${url}/fail`)).status).toBe(200);
  const c = await reload();
  expect([c.status, c.nextDeadlineAt]).toEqual(['down', null]);
  expect((await onlyPing()).type).toBe('fail');
  const flips = await w.prisma.flip.findMany({ where: { checkId: check.id } });
  expect(flips.map((f) => [f.newStatus, f.reason])).toEqual([['down', 'fail']]);
});

test('test_start_endpoint_works', async () => {
  const lastPing = new Date(Date.now() - 2 * 3600_000);
  await setCheck({ lastPingAt: lastPing });
  expect((await get(`${url}/start`)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).not.toBeNull();
  expect(c.lastPingAt).toEqual(lastPing);
  expect((await onlyPing()).type).toBe('start');
});

test('test_start_does_not_change_status_of_paused_check — upmon: the start is ignored too (no run while paused)', async () => {
  await setCheck({ status: 'paused' });
  expect((await get(`${url}/start`)).status).toBe(200);
  const c = await reload();
  expect([c.status, c.lastStartAt]).toEqual(['paused', null]);
  expect((await onlyPing()).note).toBe(IGNORED_PING.paused);
});

test('test_start_sets_last_start_rid', async () => {
  const rid = randomUUID();
  expect((await get(`${url}/start?rid=${rid}`)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).not.toBeNull();
  expect(c.lastStartRid).toBe(rid);
});

test('test_it_accepts_uppercase_rid', async () => {
  const rid = '04603D8B-EDF4-4E85-8F61-24BEDBCAAB59';
  expect((await get(`${url}/start?rid=${rid}`)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).not.toBeNull();
  expect(c.lastStartRid).toBe(rid.toLowerCase());
});

test('test_it_sets_last_duration', async () => {
  await setCheck({ lastStartAt: new Date(Date.now() - 10_000) });
  expect((await get(url)).status).toBe(200);
  expect((await reload()).lastDurationMs).toBeGreaterThanOrEqual(10_000);
});

test('test_it_does_not_update_last_ping_on_rid_mismatch', async () => {
  const t = new Date(Date.now() - 10_000);
  await setCheck({ lastStartAt: t, lastStartRid: randomUUID() });
  expect((await get(`${url}?rid=${randomUUID()}`)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).toEqual(t);
  expect(c.lastDurationMs).toBeNull();
});

test('test_it_clears_last_ping_and_sets_last_duration_if_rid_matches', async () => {
  const rid = randomUUID();
  await setCheck({ lastStartAt: new Date(Date.now() - 10_000), lastStartRid: rid });
  expect((await get(`${url}?rid=${rid}`)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).toBeNull();
  expect(c.lastDurationMs).toBeGreaterThanOrEqual(10_000);
});

test('test_it_clears_last_ping_if_rid_is_absent — upmon: the rid-less success also measures the run it closes', async () => {
  await setCheck({ lastStartAt: new Date(Date.now() - 10_000), lastStartRid: randomUUID() });
  expect((await get(url)).status).toBe(200);
  const c = await reload();
  expect(c.lastStartAt).toBeNull();
  expect(c.lastDurationMs).toBeGreaterThanOrEqual(10_000);
});

test('test_it_clears_last_ping_on_failure — upmon: the check is down and no longer started; the other rid’s run is not closed', async () => {
  await setCheck({ lastStartAt: new Date(Date.now() - 10_000), lastStartRid: randomUUID() });
  expect((await get(`${url}/fail?rid=${randomUUID()}`)).status).toBe(200);
  const c = await reload();
  expect([c.status, c.lastDurationMs]).toEqual(['down', null]);
  expect((await w.hc('GET', `/checks/${check.id}`, { key: w.alice.rw })).body).toMatchObject({ status: 'down', started: false });
});

test('test_it_requires_post', async () => {
  await setCheck({ postOnly: true });
  expect((await get(url)).status).toBe(200);
  const c = await reload();
  expect([c.status, c.lastPingAt]).toEqual(['new', null]);
  expect((await apiPings())[0]).toMatchObject({ scheme: 'http', type: 'ign' });
});

test('test_it_chops_long_body (the limit is 10,000 bytes here)', async () => {
  const r = await post(url, `${'a'.repeat(10_000)}hello world`);
  expect(r.headers.get('ping-body-limit')).toBe('10000');
  const p = await onlyPing();
  expect(p.method).toBe('POST');
  expect(openPingBody(check.id, p.body!)).toBe('a'.repeat(10_000));
  expect(p.bodySize).toBe(10_011);
});

test('test_it_handles_manual_resume_flag', async () => {
  await setCheck({ status: 'paused' });
  expect((await get(url)).status).toBe(200);
  expect((await reload()).status).toBe('paused');
  expect((await apiPings())[0]).toMatchObject({ scheme: 'http', type: 'ign' });
});

test('test_zero_exit_status_works', async () => {
  expect((await get(`${url}/0`)).status).toBe(200);
  expect((await reload()).status).toBe('up');
  const p = await onlyPing();
  expect([p.type, p.exitStatus]).toEqual(['exit', 0]);
  expect((await apiPings())[0]).toMatchObject({ type: 'success' });
});

test('test_nonzero_exit_status_works', async () => {
  expect((await get(`${url}/123`)).status).toBe(200);
  expect((await reload()).status).toBe('down');
  const p = await onlyPing();
  expect([p.type, p.exitStatus]).toEqual(['exit', 123]);
  expect((await apiPings())[0]).toMatchObject({ type: 'fail' });
});

test('test_it_rejects_exit_status_over_255', async () => {
  expect((await get(`${url}/256`)).status).toBe(400);
});

test('test_it_accepts_bad_unicode', async () => {
  const body = Buffer.from('Hello \xe9 World', 'latin1');
  expect((await post(url, body)).status).toBe(200);
  const p = await onlyPing();
  expect(p.method).toBe('POST');
  // The bytes as received, not re-encoded.
  expect(cipher.decrypt(p.body!, AAD.pingBody(check.id)).equals(body)).toBe(true);
});

test('test_log_endpoint_works', async () => {
  expect((await post(`${url}/log`, 'hello')).status).toBe(200);
  const c = await reload();
  expect([c.status, c.nextDeadlineAt, c.lastPingAt]).toEqual(['new', null, null]);
  const p = await onlyPing();
  expect(p.type).toBe('log');
  expect(openPingBody(check.id, p.body!)).toBe('hello');
  expect(await w.prisma.flip.count({ where: { checkId: check.id } })).toBe(0);
});

test('test_it_saves_run_id', async () => {
  const rid = randomUUID();
  expect((await get(`${url}/start?rid=${rid}`)).status).toBe(200);
  expect((await onlyPing()).rid).toBe(rid);
});

test('test_it_handles_invalid_rid', async () => {
  for (const sample of ['12345', '684e2e73-017e-465f-8149-d70b7c5aaa490']) {
    expect((await get(`${url}/start?rid=${sample}`)).status).toBe(400);
  }
});
