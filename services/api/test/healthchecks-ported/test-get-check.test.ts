// Healthchecks' hc/api/tests/test_get_check.py, case by case, over HTTP against the built api
// (its /api/v1 cases on /api/v2). Titles with "upmon:" assert a documented difference.
import { hcUniqueKey } from '@upmon/healthchecks';
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld({ APP_BASE_URL: 'http://testserver' });
let a1: { id: string };
let c1: { id: number; uuid: string };

beforeEach(async () => {
  c1 = await w.prisma.integration.create({
    data: { projectId: w.alice.projectId, kind: 'webhook', name: 'c1', events: ['down', 'up'], config: new Uint8Array([0]) },
  });
  a1 = await makeCheck(w.prisma, w.alice.projectId, {
    name: 'Alice 1',
    slug: 'alice-1-custom-slug',
    periodSec: 3600,
    graceSec: 900,
    tags: ['a1-tag', 'a1-additional-tag'],
    description: 'This is description',
    integrationsExplicit: true,
    integrationIds: [c1.id],
  });
});

const get = (code: string, opts: { key?: string; v?: 2 | 3 } = {}) => w.hc('GET', `/checks/${code}`, { key: opts.key ?? w.alice.rw, version: opts.v ?? 2 });
const started = () => w.prisma.check.update({ where: { id: a1.id }, data: { lastStartAt: new Date() } });

test('test_it_works — upmon: no badge_url (badges are per project and tag) and no keyword filters, so 28 fields', async () => {
  const r = await get(a1.id);
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  const doc = r.body;
  expect(Object.keys(doc)).toHaveLength(28);
  expect(doc.badge_url).toBeUndefined();
  expect(doc).toMatchObject({
    uuid: a1.id,
    slug: 'alice-1-custom-slug',
    timeout: 3600,
    grace: 900,
    ping_url: `http://localhost:8000/${a1.id}`,
    last_ping: null,
    n_pings: 0,
    status: 'new',
    started: false,
    channels: c1.uuid,
    desc: 'This is description',
    manual_resume: true,
    methods: '',
    subject: '',
    subject_fail: '',
    start_kw: '',
    success_kw: '',
    failure_kw: '',
    filter_subject: false,
    filter_body: false,
    filter_http_body: false,
    filter_default_fail: false,
    update_url: `http://testserver/api/v2/checks/${a1.id}`,
  });
});

test('test_it_handles_invalid_uuid', async () => {
  expect((await get('not-an-uuid')).status).toBe(404);
});

test('test_it_handles_missing_check', async () => {
  expect((await get('07c2f548-9850-4b27-af5d-6c9dc157ec02')).status).toBe(404);
});

test('test_it_handles_unique_key', async () => {
  const r = await get(hcUniqueKey(a1.id));
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(Object.keys(r.body)).toHaveLength(28);
  expect(r.body).toMatchObject({
    timeout: 3600,
    grace: 900,
    ping_url: `http://localhost:8000/${a1.id}`,
    last_ping: null,
    n_pings: 0,
    status: 'new',
    channels: c1.uuid,
    desc: 'This is description',
  });
});

test('test_it_rejects_post_unique_key', async () => {
  expect((await w.hc('POST', `/checks/${hcUniqueKey(a1.id)}`, { version: 2 })).status).toBe(405);
});

test('test_readonly_key_works', async () => {
  const r = await get(a1.id, { key: w.alice.ro });
  expect(r.status).toBe(200);
  expect(r.text).not.toContain(a1.id);
  for (const key of ['uuid', 'ping_url', 'update_url', 'pause_url', 'resume_url']) expect(r.text).not.toContain(key);
});

test('test_v1_reports_status_started (upmon serves v2 and v3, which report it the same way)', async () => {
  await started();
  const r = await get(a1.id, { v: 3 });
  expect([r.status, r.body.status, r.body.started]).toEqual([200, 'started', true]);
});

test('test_v2_reports_started_separately — upmon: status is also "started" in v2', async () => {
  await started();
  const r = await get(a1.id, { v: 2 });
  expect([r.status, r.body.status, r.body.started]).toEqual([200, 'started', true]);
});

test('test_v1_by_unique_key_reports_status_started (on v3)', async () => {
  await started();
  expect((await get(hcUniqueKey(a1.id), { v: 3 })).body).toMatchObject({ status: 'started', started: true });
});

test('test_v2_by_unique_key_reports_started_separately — upmon: status is also "started" in v2', async () => {
  await started();
  expect((await get(hcUniqueKey(a1.id), { v: 2 })).body).toMatchObject({ status: 'started', started: true });
});
