// Healthchecks' hc/api/tests/test_badge.py and test_get_badges.py, case by case, over HTTP against
// the built api. upmon's badge URLs are /badge/<badge_key>/<tag>.<svg|json|shields>, two-state with
// ?states=2 (Healthchecks: /badge/<badge_key>/<signature>[-2]/<tag>.<fmt>); the badge key is the
// secret, there is no signature. Titles with "upmon:" assert a documented difference.
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();

describe('test_badge.py', () => {
  let check: { id: string };
  let base: string;
  let svgUrl: string;
  let jsonUrl: string;
  let withLateUrl: string;
  let shieldsUrl: string;
  beforeEach(async () => {
    check = await makeCheck(w.prisma, w.alice.projectId, { tags: ['foo', 'bar'], periodSec: 86_400, graceSec: 3600 });
    base = `/badge/${w.alice.badgeKey}`;
    svgUrl = `${base}/foo.svg?states=2`;
    jsonUrl = `${base}/foo.json?states=2`;
    withLateUrl = `${base}/foo.json`;
    shieldsUrl = `${base}/foo.shields?states=2`;
  });
  const setCheck = (data: Parameters<HcWorld['prisma']['check']['update']>[0]['data']) => w.prisma.check.update({ where: { id: check.id }, data });
  const json = async (path: string) => (await w.ping(path)).json();

  test('test_it_rejects_bad_signature — upmon: no signature; an unknown badge key is the 404', async () => {
    expect((await w.ping(`/badge/${'0'.repeat(32)}/foo.svg`)).status).toBe(404);
  });

  test('test_it_returns_svg — upmon: cached 30 s, and its own (contrast-checked) green', async () => {
    const r = await w.ping(svgUrl);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toBe('public, max-age=30');
    expect(await r.text()).toContain('#2e7d32');
  });

  test('test_it_rejects_bad_format', async () => {
    expect((await w.ping(`${base}/foo.jsonfoo`)).status).toBe(404);
  });

  test('test_it_handles_options', async () => {
    const r = await w.ping(svgUrl, { method: 'OPTIONS' });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  });

  test('test_it_handles_new', async () => {
    expect(await json(jsonUrl)).toEqual({ status: 'up', total: 1, grace: 0, down: 0 });
  });

  test('test_it_ignores_started_when_down', async () => {
    await setCheck({ lastStartAt: new Date(), status: 'down' });
    expect(await json(jsonUrl)).toEqual({ status: 'down', total: 1, grace: 0, down: 1 });
  });

  test('test_it_treats_late_as_up (the scheduler made it late)', async () => {
    await setCheck({ lastPingAt: new Date(Date.now() - 86_400_000 - 600_000), status: 'late' });
    expect(await json(jsonUrl)).toEqual({ status: 'up', total: 1, grace: 1, down: 0 });
  });

  test('test_it_handles_special_characters', async () => {
    await setCheck({ tags: ['db@dc1'] });
    expect((await w.ping(`${base}/db%40dc1.svg`)).status).toBe(200);
  });

  test('test_late_mode_returns_late_status', async () => {
    await setCheck({ lastPingAt: new Date(Date.now() - 86_400_000 - 600_000), status: 'late' });
    expect(await json(withLateUrl)).toEqual({ status: 'late', total: 1, grace: 1, down: 0 });
  });

  test('test_late_mode_ignores_started_when_late', async () => {
    await setCheck({ lastStartAt: new Date(), lastPingAt: new Date(Date.now() - 86_400_000 - 600_000), status: 'late' });
    expect(await json(withLateUrl)).toEqual({ status: 'late', total: 1, grace: 1, down: 0 });
  });

  test('test_it_returns_shields_json — upmon: colours as hex (contrast-checked), with a label colour', async () => {
    expect(await json(shieldsUrl)).toEqual({ schemaVersion: 1, label: 'foo', message: 'up', color: '2e7d32', labelColor: '555555' });
  });
});

describe('test_get_badges.py', () => {
  beforeEach(async () => {
    await makeCheck(w.prisma, w.alice.projectId, { name: 'Alice 1', periodSec: 3600, graceSec: 900, tags: ['foo', 'bar'] });
  });
  const get = (key?: string) => w.hc('GET', '/badges/', { key, version: 2 });

  test('test_it_works', async () => {
    const r = await get(w.alice.rw);
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect(r.body.badges.foo.svg).toBeDefined();
  });

  test('test_readonly_key_is_allowed', async () => {
    expect((await get(w.alice.ro)).status).toBe(200);
  });

  test('test_it_rejects_post', async () => {
    expect((await w.hc('POST', '/badges/', { key: w.alice.rw, version: 2 })).status).toBe(405);
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await get();
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });
});
