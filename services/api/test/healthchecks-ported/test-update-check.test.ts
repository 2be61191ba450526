// Healthchecks' hc/api/tests/test_update_check.py, case by case, over HTTP against the built api
// (its /api/v1 cases on /api/v2, which has the same slug rule). Titles with "upmon:" assert a
// documented difference (docs/healthchecks.md).
import { randomUUID } from 'node:crypto';
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();
let check: { id: string };

beforeEach(async () => {
  check = await makeCheck(w.prisma, w.alice.projectId, { name: 'unchanged', periodSec: 86_400, graceSec: 3600 });
});

const post = (code: string, data: unknown, opts: { v?: 2 | 3; key?: string } = {}) =>
  w.hc('POST', `/checks/${code}`, { key: opts.key ?? w.alice.rw, body: data, version: opts.v ?? 2 });
const reload = () => w.prisma.check.findUniqueOrThrow({ where: { id: check.id } });
const setCheck = (data: Parameters<HcWorld['prisma']['check']['update']>[0]['data']) => w.prisma.check.update({ where: { id: check.id }, data });
const channel = (name = 'channel', projectId = w.alice.projectId) =>
  w.prisma.integration.create({ data: { projectId, kind: 'webhook', name, events: ['down', 'up'], config: new Uint8Array([0]) } });
const assignAll = async () => {
  const all = await w.prisma.integration.findMany({ where: { projectId: w.alice.projectId } });
  await setCheck({ integrationsExplicit: true, integrationIds: all.map((c) => c.id) });
};
const assigned = async () => (await reload()).integrationIds;

test('test_it_works (without the keyword filters, which upmon refuses)', async () => {
  await setCheck({ lastPingAt: new Date(), status: 'up' });
  const r = await post(check.id, { name: 'Foo', tags: 'bar,baz', desc: 'My description', timeout: 3600, grace: 60 });
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(r.body.ping_url).toBeDefined();
  expect(r.body).toMatchObject({ name: 'Foo', slug: 'foo', tags: 'bar,baz', desc: 'My description', n_pings: 0 });
  expect('schedule' in r.body || 'tz' in r.body).toBe(false);
  expect(await w.prisma.check.count({ where: { projectId: w.alice.projectId } })).toBe(1);
  const c = await reload();
  expect(c).toMatchObject({ name: 'Foo', slug: 'foo', tags: ['bar,baz'], periodSec: 3600, graceSec: 60 });
  // The deadline moved too (upmon's deadline is the late transition: last ping + timeout).
  expect(c.nextDeadlineAt!.getTime() - c.lastPingAt!.getTime()).toBe(3600_000);
});

test('test_it_handles_options', async () => {
  const r = await w.hc('OPTIONS', `/checks/${check.id}`);
  expect(r.status).toBe(204);
  expect(r.headers.get('access-control-allow-methods')).toContain('POST');
});

test('test_it_unassigns_channels', async () => {
  await channel();
  await assignAll();
  expect((await post(check.id, { channels: '' })).status).toBe(200);
  expect(await assigned()).toEqual([]);
});

test('test_it_handles_invalid_uuid', async () => {
  expect((await post('not-an-uuid', {})).status).toBe(404);
});

test('test_it_handles_missing_check', async () => {
  expect((await post('07c2f548-9850-4b27-af5d-6c9dc157ec02', {})).status).toBe(404);
});

test('test_it_validates_ownership — upmon: 404, another project’s check is never revealed', async () => {
  const bob = await w.project();
  const bobs = await makeCheck(w.prisma, bob.projectId, { status: 'up' });
  expect((await post(bobs.id, {})).status).toBe(404);
});

test('test_it_updates_cron_to_simple', async () => {
  await setCheck({ scheduleKind: 'cron', cron: '5 * * * *', periodSec: null });
  expect((await post(check.id, { timeout: 3600 })).status).toBe(200);
  expect((await reload()).scheduleKind).toBe('period');
});

test('test_it_updates_cron_to_oncalendar', async () => {
  await setCheck({ scheduleKind: 'cron', cron: '5 * * * *', periodSec: null });
  expect((await post(check.id, { schedule: '12:34' })).status).toBe(200);
  expect(await reload()).toMatchObject({ scheduleKind: 'oncalendar', oncalendar: '12:34' });
});

test('test_it_sets_single_channel', async () => {
  const c = await channel();
  await channel();
  expect((await post(check.id, { channels: c.uuid })).status).toBe(200);
  expect(await assigned()).toEqual([c.id]);
});

test('test_it_sets_the_channel_only_once', async () => {
  const c = await channel();
  expect((await post(check.id, { channels: `${c.uuid},${c.uuid}` })).status).toBe(200);
  expect(await assigned()).toEqual([c.id]);
});

test('test_it_sets_channel_by_name', async () => {
  const c = await channel('alerts');
  expect((await post(check.id, { channels: 'alerts' })).status).toBe(200);
  expect(await assigned()).toEqual([c.id]);
});

test('test_it_sets_channel_by_name_formatted_as_uuid', async () => {
  const c = await channel('102eaa82-a274-4b15-a499-c1bb6bbcd7b6');
  expect((await post(check.id, { channels: '102eaa82-a274-4b15-a499-c1bb6bbcd7b6' })).status).toBe(200);
  expect(await assigned()).toEqual([c.id]);
});

test('test_it_handles_comma_separated_channel_codes', async () => {
  const c1 = await channel();
  const c2 = await channel();
  expect((await post(check.id, { channels: `${c1.uuid},${c2.uuid}` })).status).toBe(200);
  expect(await assigned()).toHaveLength(2);
});

test('test_it_handles_asterix', async () => {
  await channel();
  await channel();
  expect((await post(check.id, { channels: '*' })).status).toBe(200);
  expect(await assigned()).toHaveLength(2);
});

test('test_it_ignores_channels_if_channels_key_missing', async () => {
  await channel();
  await assignAll();
  expect((await post(check.id, {})).status).toBe(200);
  expect(await assigned()).toHaveLength(1);
});

test('test_it_rejects_bad_channel_code', async () => {
  const r = await post(check.id, { channels: 'abc', name: 'New Name' });
  expect([r.status, r.body.error]).toEqual([400, 'invalid channel identifier: abc']);
  expect((await reload()).name).toBe('unchanged');
});

test('test_it_rejects_missing_channel', async () => {
  const code = randomUUID();
  const r = await post(check.id, { channels: code });
  expect([r.status, r.body.error]).toEqual([400, `invalid channel identifier: ${code}`]);
  expect(await assigned()).toEqual([]);
});

test('test_it_rejects_channel_from_another_project', async () => {
  const charlie = await w.project();
  const charlies = await channel('c', charlie.projectId);
  const r = await post(check.id, { channels: charlies.uuid });
  expect([r.status, r.body.error]).toEqual([400, `invalid channel identifier: ${charlies.uuid}`]);
  expect(await assigned()).toEqual([]);
});

test('test_it_handles_channel_lookup_by_name_with_no_results', async () => {
  const r = await post(check.id, { channels: 'foo' });
  expect([r.status, r.body.error]).toEqual([400, 'invalid channel identifier: foo']);
  expect(await assigned()).toEqual([]);
});

test('test_it_handles_channel_lookup_by_name_with_multiple_results', async () => {
  await channel('foo');
  await channel('foo');
  const r = await post(check.id, { channels: 'foo' });
  expect([r.status, r.body.error]).toEqual([400, 'non-unique channel identifier: foo']);
  expect(await assigned()).toEqual([]);
});

test('test_it_rejects_multiple_empty_channel_names', async () => {
  await channel('');
  const r = await post(check.id, { channels: ',' });
  expect([r.status, r.body.error]).toEqual([400, 'empty channel identifier']);
  expect(await assigned()).toEqual([]);
});

test('test_it_rejects_non_string_channels_key', async () => {
  expect((await post(check.id, { channels: 123 })).status).toBe(400);
});

test('test_it_rejects_non_string_desc', async () => {
  expect((await post(check.id, { desc: 123 })).status).toBe(400);
});

test('test_it_rejects_null_values — upmon: a null counts as absent (the Ansible collection sends them)', async () => {
  for (const field of ['channels', 'timeout', 'grace', 'name', 'schedule', 'subject', 'subject_fail', 'unique']) {
    expect([field, (await post(check.id, { [field]: null })).status]).toEqual([field, 200]);
  }
});

test('test_it_validates_schedule', async () => {
  await setCheck({ scheduleKind: 'cron', cron: '5 * * * *', periodSec: null });
  for (const sample of ['* invalid *', '1,2 61 * * *', '0 0 31 2 *', 'Surprise 12:34', '12:34 Europe/surprise']) {
    expect([sample, (await post(check.id, { schedule: sample })).status]).toEqual([sample, 400]);
  }
  expect((await reload()).cron).toBe('5 * * * *');
});

test('test_it_rejects_readonly_key', async () => {
  expect((await post(check.id, { name: 'Foo' }, { key: w.alice.ro })).status).toBe(401);
});

test('test_it_sets_manual_resume_to_true', async () => {
  const r = await post(check.id, { manual_resume: true });
  expect([r.status, r.body.manual_resume]).toEqual([200, true]);
});

test('test_it_sets_manual_resume_to_false — upmon: accepted, and every check still resumes manually', async () => {
  const r = await post(check.id, { manual_resume: false });
  expect([r.status, r.body.manual_resume]).toEqual([200, true]);
});

test('test_it_sets_methods', async () => {
  expect((await post(check.id, { methods: 'POST' })).status).toBe(200);
  expect((await reload()).postOnly).toBe(true);
});

test('test_it_clears_methods', async () => {
  await setCheck({ postOnly: true });
  expect((await post(check.id, { methods: '' })).status).toBe(200);
  expect((await reload()).postOnly).toBe(false);
});

test('test_it_leaves_methods_unchanged', async () => {
  await setCheck({ postOnly: true });
  const r = await post(check.id, {});
  expect([r.status, r.body.methods]).toEqual([200, 'POST']);
  expect((await reload()).postOnly).toBe(true);
});

test('test_it_rejects_bad_methods_value', async () => {
  expect((await post(check.id, { methods: 'bad-value' })).status).toBe(400);
});

test('test_it_sets_success_kw — upmon: keyword filtering is refused (it does not exist here)', async () => {
  const r = await post(check.id, { subject: 'SUCCESS,COMPLETE' });
  expect([r.status, r.body.error]).toEqual([400, expect.stringContaining('subject is not supported by upmon')]);
});

test('test_it_sets_failure_kw — upmon: keyword filtering is refused (it does not exist here)', async () => {
  const r = await post(check.id, { subject_fail: 'FAILED,FAILURE' });
  expect([r.status, r.body.error]).toEqual([400, expect.stringContaining('subject_fail is not supported by upmon')]);
});

test('test_it_unsets_filter_subject_flag', async () => {
  const r = await post(check.id, { subject: '' });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ filter_subject: false, success_kw: '' });
});

test('test_it_accepts_60_days_timeout', async () => {
  expect((await post(check.id, { timeout: 60 * 24 * 3600 })).status).toBe(200);
  expect((await reload()).periodSec).toBe(60 * 24 * 3600);
});

test('test_it_rejects_out_of_range_timeout', async () => {
  expect((await post(check.id, { timeout: 500 * 24 * 3600 })).status).toBe(400);
});

test('test_it_prioritizes_filter_subject_field — upmon: a success keyword is refused whatever filter_subject says', async () => {
  expect((await post(check.id, { subject: 'SUCCESS', filter_subject: false })).status).toBe(400);
});

test('test_v1_reports_status_started (upmon serves v2 and v3, which report it the same way)', async () => {
  await setCheck({ lastStartAt: new Date() });
  const r = await post(check.id, {}, { v: 3 });
  expect(r.body).toMatchObject({ status: 'started', started: true });
});

test('test_v2_reports_started_separately — upmon: status is also "started" in v2', async () => {
  await setCheck({ lastStartAt: new Date() });
  const r = await post(check.id, {}, { v: 2 });
  expect(r.body).toMatchObject({ status: 'started', started: true });
});

test('test_v3_saves_slug', async () => {
  expect((await post(check.id, { slug: 'updated-slug' }, { v: 3 })).status).toBe(200);
  expect((await reload()).slug).toBe('updated-slug');
});

test('test_v3_does_not_autogenerate_slug', async () => {
  await setCheck({ slug: 'foo' });
  expect((await post(check.id, { name: 'Bar' }, { v: 3 })).status).toBe(200);
  expect((await reload()).slug).toBe('foo');
});
