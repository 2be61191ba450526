// Healthchecks' hc/api/tests/test_pause.py, test_resume.py and test_delete_check.py, case by
// case, over HTTP against the built api (their /api/v1 cases on /api/v2). Titles with "upmon:"
// assert a documented difference (docs/healthchecks.md).
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();

const emptyJson = { rawBody: '', headers: { 'content-type': 'application/json' } };
const flipsOf = (checkId: string) => w.prisma.flip.findMany({ where: { checkId } });
const reload = (id: string) => w.prisma.check.findUniqueOrThrow({ where: { id } });

describe('test_pause.py', () => {
  let check: { id: string };
  let url: string;
  beforeEach(async () => {
    check = await makeCheck(w.prisma, w.alice.projectId, { status: 'up', lastPingAt: new Date(), periodSec: 86_400, graceSec: 3600 });
    url = `/checks/${check.id}/pause`;
  });

  test('test_it_works', async () => {
    const r = await w.hc('POST', url, { key: w.alice.rw, ...emptyJson });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect((await reload(check.id)).status).toBe('paused');
    const flips = await flipsOf(check.id);
    expect(flips.map((f) => [f.oldStatus, f.newStatus])).toEqual([['up', 'paused']]);
    // Marked as handled from the start: nobody is notified of a pause.
    expect(flips[0]!.fannedOutAt).not.toBeNull();
  });

  test('test_it_accepts_api_key_in_post_body', async () => {
    expect((await w.hc('POST', url, { body: { api_key: w.alice.rw } })).status).toBe(200);
    expect((await reload(check.id)).status).toBe('paused');
  });

  test('test_it_handles_options', async () => {
    const r = await w.hc('OPTIONS', url);
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
  });

  test('test_it_only_allows_post', async () => {
    expect((await w.hc('GET', url, { key: w.alice.rw })).status).toBe(405);
  });

  test('test_it_validates_ownership — upmon: 404, another project’s check is never revealed', async () => {
    const bob = await w.project();
    const bobs = await makeCheck(w.prisma, bob.projectId, { status: 'up' });
    expect((await w.hc('POST', `/checks/${bobs.id}/pause`, { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_validates_uuid', async () => {
    expect((await w.hc('POST', '/checks/not-uuid/pause', { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_handles_missing_check', async () => {
    expect((await w.hc('POST', '/checks/07c2f548-9850-4b27-af5d-6c9dc157ec02/pause', { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_clears_last_start_alert_after — upmon: no deadline and not started; the run is forgotten at the resume', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { lastStartAt: new Date(), nextDeadlineAt: new Date(Date.now() + 3600_000) } });
    const r = await w.hc('POST', url, { key: w.alice.rw, ...emptyJson });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect(r.body).toMatchObject({ status: 'paused', started: false, next_ping: null });
    expect((await reload(check.id)).nextDeadlineAt).toBeNull();
  });

  test('test_it_rejects_non_dict_post_body', async () => {
    const r = await w.hc('POST', url, { rawBody: '123', headers: { 'content-type': 'application/json' } });
    expect([r.status, r.body.error]).toEqual([400, 'json validation error: value is not an object']);
  });

  test('test_it_does_not_pause_already_paused_check', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { status: 'paused' } });
    expect((await w.hc('POST', url, { key: w.alice.rw, ...emptyJson })).status).toBe(200);
    expect((await reload(check.id)).status).toBe('paused');
    expect(await flipsOf(check.id)).toEqual([]);
  });
});

describe('test_resume.py', () => {
  let check: { id: string };
  let url: string;
  const t2020 = new Date('2020-01-01T00:00:00Z');
  beforeEach(async () => {
    check = await makeCheck(w.prisma, w.alice.projectId, { status: 'paused', lastStartAt: t2020, lastPingAt: t2020, periodSec: 86_400, graceSec: 3600 });
    url = `/checks/${check.id}/resume`;
  });

  test('test_it_works — upmon: a check pinged before resumes to up, its deadline counted from the resume', async () => {
    const before = Date.now();
    const r = await w.hc('POST', url, { key: w.alice.rw, version: 2, ...emptyJson });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    const c = await reload(check.id);
    expect([c.status, c.lastStartAt]).toEqual(['up', null]);
    expect(c.nextDeadlineAt!.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    const flips = await flipsOf(check.id);
    expect(flips.map((f) => [f.oldStatus, f.newStatus])).toEqual([['paused', 'up']]);
    expect(flips[0]!.fannedOutAt).not.toBeNull();
  });

  test('test_it_handles_not_paused_checks', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { status: 'up' } });
    expect((await w.hc('POST', url, { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(409);
  });

  test('test_it_accepts_api_key_in_post_body', async () => {
    expect((await w.hc('POST', url, { body: { api_key: w.alice.rw }, version: 2 })).status).toBe(200);
    expect((await reload(check.id)).status).toBe('up');
  });

  test('test_it_handles_options', async () => {
    const r = await w.hc('OPTIONS', url, { version: 2 });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
  });

  test('test_it_only_allows_post', async () => {
    expect((await w.hc('GET', url, { key: w.alice.rw, version: 2 })).status).toBe(405);
  });

  test('test_it_validates_ownership — upmon: 404, another project’s check is never revealed', async () => {
    const bob = await w.project();
    const bobs = await makeCheck(w.prisma, bob.projectId, { status: 'up' });
    expect((await w.hc('POST', `/checks/${bobs.id}/resume`, { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_validates_uuid', async () => {
    expect((await w.hc('POST', '/checks/not-uuid/resume', { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_handles_missing_check', async () => {
    expect((await w.hc('POST', '/checks/07c2f548-9850-4b27-af5d-6c9dc157ec02/resume', { key: w.alice.rw, version: 2, ...emptyJson })).status).toBe(404);
  });

  test('test_it_rejects_non_dict_post_body', async () => {
    const r = await w.hc('POST', url, { rawBody: '123', headers: { 'content-type': 'application/json' }, version: 2 });
    expect([r.status, r.body.error]).toEqual([400, 'json validation error: value is not an object']);
  });
});

describe('test_delete_check.py', () => {
  let check: { id: string };
  let url: string;
  beforeEach(async () => {
    check = await makeCheck(w.prisma, w.alice.projectId);
    url = `/checks/${check.id}`;
  });

  test('test_it_works', async () => {
    const r = await w.hc('DELETE', url, { key: w.alice.rw, version: 2 });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    expect(await w.prisma.check.findUnique({ where: { id: check.id } })).toBeNull();
  });

  test('test_it_handles_missing_check', async () => {
    await w.prisma.check.delete({ where: { id: check.id } });
    expect((await w.hc('DELETE', url, { key: w.alice.rw, version: 2 })).status).toBe(404);
  });

  test('test_it_handles_options', async () => {
    const r = await w.hc('OPTIONS', url, { version: 2 });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-methods')).toContain('DELETE');
  });

  test('test_it_handles_missing_api_key', async () => {
    const r = await w.hc('DELETE', url, { version: 2 });
    expect(r.status).toBe(401);
    expect(r.text).toContain('missing api key');
  });

  test('test_v1_reports_status_started (upmon serves v2 and v3, which report it the same way)', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { lastStartAt: new Date() } });
    expect((await w.hc('DELETE', url, { key: w.alice.rw, version: 3 })).body).toMatchObject({ status: 'started', started: true });
  });

  test('test_v2_reports_started_separately — upmon: status is also "started" in v2', async () => {
    await w.prisma.check.update({ where: { id: check.id }, data: { lastStartAt: new Date() } });
    expect((await w.hc('DELETE', url, { key: w.alice.rw, version: 2 })).body).toMatchObject({ status: 'started', started: true });
  });
});
