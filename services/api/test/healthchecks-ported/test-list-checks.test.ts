// Healthchecks' hc/api/tests/test_list_checks.py, case by case, over HTTP against the built api
// (its /api/v1 cases on /api/v2). Titles with "upmon:" assert a documented difference.
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();
let a1: { id: string };
let a2: { id: string };
let c1: { id: number; uuid: string };
let now: Date;

beforeEach(async () => {
  now = new Date(Math.floor(Date.now() / 1000) * 1000);
  c1 = await w.prisma.integration.create({
    data: { projectId: w.alice.projectId, kind: 'webhook', name: 'c1', events: ['down', 'up'], config: new Uint8Array([0]) },
  });
  a1 = await makeCheck(w.prisma, w.alice.projectId, {
    name: 'Alice 1',
    slug: 'alice-1',
    periodSec: 3600,
    graceSec: 900,
    tags: ['a1-tag', 'a1-additional-tag'],
    description: 'This is description',
    integrationsExplicit: true,
    integrationIds: [c1.id],
  });
  a2 = await makeCheck(w.prisma, w.alice.projectId, { name: 'Alice 2', periodSec: 86_400, graceSec: 3600, lastPingAt: now, status: 'up', tags: ['a2-tag'] });
});

const get = (query = '', opts: { v?: 2 | 3; key?: string } = {}) => w.hc('GET', `/checks/${query}`, { key: opts.key ?? w.alice.rw, version: opts.v ?? 2 });
const iso = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

test('test_it_works', async () => {
  const r = await get();
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.body.checks).toHaveLength(2);
  const byName = Object.fromEntries(r.body.checks.map((c: any) => [c.name, c]));
  const base = 'http://localhost:8000';
  expect(byName['Alice 1']).toMatchObject({
    uuid: a1.id,
    timeout: 3600,
    grace: 900,
    ping_url: `${base}/${a1.id}`,
    last_ping: null,
    n_pings: 0,
    status: 'new',
    started: false,
    channels: c1.uuid,
    desc: 'This is description',
    update_url: `${base}/api/v2/checks/${a1.id}`,
    pause_url: `${base}/api/v2/checks/${a1.id}/pause`,
    next_ping: null,
  });
  expect(byName['Alice 2']).toMatchObject({
    uuid: a2.id,
    timeout: 86_400,
    grace: 3600,
    ping_url: `${base}/${a2.id}`,
    status: 'up',
    last_ping: iso(now),
    next_ping: iso(new Date(now.getTime() + 86_400_000)),
  });
});

test('test_it_handles_options', async () => {
  const r = await w.hc('OPTIONS', '/checks/', { version: 2 });
  expect(r.status).toBe(204);
  expect(r.headers.get('access-control-allow-methods')).toContain('GET');
});

test('test_it_shows_only_users_checks', async () => {
  const bob = await w.project();
  await makeCheck(w.prisma, bob.projectId, { name: 'Bob 1' });
  const checks = (await get()).body.checks as { name: string }[];
  expect(checks).toHaveLength(2);
  expect(checks.map((c) => c.name)).not.toContain('Bob 1');
});

test('test_it_works_with_tags_param', async () => {
  const r = await get('?tag=a2-tag');
  expect(r.status).toBe(200);
  expect(r.body.checks).toHaveLength(1);
  expect(r.body.checks[0]).toMatchObject({ name: 'Alice 2', tags: 'a2-tag' });
});

test('test_it_filters_with_multiple_tags_param', async () => {
  const r = await get('?tag=a1-tag&tag=a1-additional-tag');
  expect(r.status).toBe(200);
  expect(r.body.checks).toHaveLength(1);
  expect(r.body.checks[0]).toMatchObject({ name: 'Alice 1', tags: 'a1-tag a1-additional-tag' });
});

test('test_it_does_not_match_tag_partially', async () => {
  const r = await get('?tag=tag');
  expect([r.status, r.body.checks]).toEqual([200, []]);
});

test('test_non_existing_tags_filter_returns_empty_result', async () => {
  const r = await get('?tag=non_existing_tag_with_no_checks');
  expect([r.status, r.body.checks]).toEqual([200, []]);
});

test('test_readonly_key_works', async () => {
  const r = await get('', { key: w.alice.ro });
  expect(r.status).toBe(200);
  // When using readonly keys, the ping URLs should not be exposed.
  expect(r.text).not.toContain(a1.id);
});

test('test_v1_reports_status_started (upmon serves v2 and v3, which report it the same way)', async () => {
  await w.prisma.check.update({ where: { id: a1.id }, data: { lastStartAt: new Date() } });
  await w.prisma.check.delete({ where: { id: a2.id } });
  const r = await get('', { v: 3 });
  expect(r.status).toBe(200);
  expect(r.body.checks[0]).toMatchObject({ status: 'started', started: true });
});

test('test_v2_reports_started_separately — upmon: status is also "started" in v2', async () => {
  await w.prisma.check.update({ where: { id: a1.id }, data: { lastStartAt: new Date() } });
  await w.prisma.check.delete({ where: { id: a2.id } });
  expect((await get('', { v: 2 })).body.checks[0]).toMatchObject({ status: 'started', started: true });
});

test('test_it_works_with_slug_param', async () => {
  const r = await get('?slug=alice-1');
  expect(r.status).toBe(200);
  expect(r.body.checks).toHaveLength(1);
  expect(r.body.checks[0].name).toBe('Alice 1');
});
