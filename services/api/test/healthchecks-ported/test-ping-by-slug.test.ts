// Healthchecks' hc/api/tests/test_ping_by_slug.py, case by case, over HTTP against the built api.
// Titles with "upmon:" assert a documented difference (docs/healthchecks.md).
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();
let check: { id: string };
let url: string;

beforeEach(async () => {
  check = await makeCheck(w.prisma, w.alice.projectId, { name: 'foo', slug: 'foo', periodSec: 86_400, graceSec: 3600 });
  url = `/ping/${w.alice.pingKey}/foo`;
});

const pings = async () => {
  const checks = await w.prisma.check.findMany({ where: { projectId: w.alice.projectId }, select: { id: true } });
  return w.prisma.ping.findMany({ where: { checkId: { in: checks.map((c) => c.id) } }, orderBy: { id: 'asc' } });
};
const onlyPing = async () => {
  const all = await pings();
  expect(all).toHaveLength(1);
  return all[0]!;
};

test('test_it_works', async () => {
  const r = await w.ping(url);
  expect([r.status, await r.text(), r.headers.get('access-control-allow-origin')]).toEqual([200, 'OK', '*']);
  expect((await onlyPing()).type).toBe('success');
});

test('test_post_works', async () => {
  expect((await w.ping(url, { method: 'POST', body: 'hello world', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
  const p = await onlyPing();
  expect([p.method, p.bodySize]).toEqual(['POST', 11]);
});

test('test_head_works', async () => {
  expect((await w.ping(url, { method: 'HEAD' })).status).toBe(200);
  expect(await pings()).toHaveLength(1);
});

test('test_it_never_caches', async () => {
  expect((await w.ping(url)).headers.get('cache-control')).toContain('no-cache');
});

test('test_fail_endpoint_works', async () => {
  expect((await w.ping(`${url}/fail`)).status).toBe(200);
  expect((await onlyPing()).type).toBe('fail');
});

test('test_start_endpoint_works', async () => {
  expect((await w.ping(`${url}/start`)).status).toBe(200);
  expect((await onlyPing()).type).toBe('start');
});

test('test_zero_exit_status_works', async () => {
  expect((await w.ping(`${url}/0`)).status).toBe(200);
  const p = await onlyPing();
  expect([p.type, p.exitStatus]).toEqual(['exit', 0]);
});

test('test_nonzero_exit_status_works', async () => {
  expect((await w.ping(`${url}/123`)).status).toBe(200);
  const p = await onlyPing();
  expect([p.type, p.exitStatus]).toEqual(['exit', 123]);
});

test('test_it_handles_wrong_ping_key', async () => {
  expect((await w.ping('/ping/rrrrrrrrrrrrrrrrrrrrrr/foo')).status).toBe(404);
});

test('test_it_auto_provisions_missing_check', async () => {
  await w.prisma.check.delete({ where: { id: check.id } });
  const channel = await w.prisma.integration.create({
    data: { projectId: w.alice.projectId, kind: 'webhook', name: 'c', events: ['down', 'up'], config: new Uint8Array([0]) },
  });
  const r = await w.ping(`${url}?create=1`);
  expect([r.status, await r.text()]).toEqual([201, 'Created']);
  const created = await w.prisma.check.findMany({ where: { projectId: w.alice.projectId } });
  expect(created.map((c) => [c.name, c.slug, c.nPings])).toEqual([['foo', 'foo', 1]]);
  // Every integration of the project hears of it (upmon: through the integrations' tags rule).
  expect((await w.hc('GET', `/checks/${created[0]!.id}`, { key: w.alice.rw })).body.channels).toBe(channel.uuid);
});

test('test_auto_provisioning_is_off_by_default', async () => {
  await w.prisma.check.delete({ where: { id: check.id } });
  expect((await w.ping(url)).status).toBe(404);
  expect(await w.prisma.check.count({ where: { projectId: w.alice.projectId } })).toBe(0);
});

test('test_it_rejects_uppercase_slug', async () => {
  const r = await w.ping(`${url}FOO`);
  expect([r.status, await r.text()]).toEqual([400, 'invalid url format']);
});

test('test_auto_provisioning_limits_check_count — upmon: the plan’s quota, no 2× allowance, answered 403', async () => {
  await w.prisma.check.createMany({
    data: Array.from({ length: 999 }, (_, i) => ({
      projectId: w.alice.projectId,
      name: `c${i}`,
      scheduleKind: 'period' as const,
      periodSec: 60,
      graceSec: 60,
    })),
  });
  const r = await w.ping(`/ping/${w.alice.pingKey}/foo3?create=1`);
  expect([r.status, await r.text()]).toEqual([403, 'check quota reached']);
});
