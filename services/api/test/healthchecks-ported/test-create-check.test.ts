// Healthchecks' hc/api/tests/test_create_check.py, case by case, over HTTP against the built api.
// Its cases post to /api/v1 (Healthchecks' v1, where the slug follows the name); upmon serves
// Healthchecks' API at /api/v2 and /api/v3 only, and v2 has the same slug rule, so they post to v2
// unless the case names a version. Titles with "upmon:" assert a documented difference.
import { makeCheck } from '@upmon/testing';
import { useHcWorld, type HcWorld } from '../support/hc-world.js';

const w = useHcWorld();

/** Healthchecks' helper: the key in the body unless given, and the error fragment on a 400. */
async function post(data: Record<string, unknown>, opts: { expect?: string; v?: 2 | 3 } = {}) {
  const r = await w.hc('POST', '/checks/', { body: { api_key: w.alice.rw, ...data }, version: opts.v ?? 2 });
  if (opts.expect) {
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(opts.expect);
  }
  return r;
}
const checks = () => w.prisma.check.findMany({ where: { projectId: w.alice.projectId }, orderBy: { createdAt: 'asc' } });
const onlyCheck = async () => {
  const all = await checks();
  expect(all).toHaveLength(1);
  return all[0]!;
};
const integration = (name: string) =>
  w.prisma.integration.create({ data: { projectId: w.alice.projectId, kind: 'webhook', name, events: ['down', 'up'], config: new Uint8Array([0]) } });

test('test_it_works (without the keyword filters, which upmon refuses)', async () => {
  const r = await post({ name: 'Foo', tags: 'bar,baz', desc: 'description goes here', timeout: 3600, grace: 60 });
  expect(r.status).toBe(201);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  const doc = r.body;
  expect(doc.ping_url).toBeDefined();
  expect(doc).toMatchObject({ name: 'Foo', slug: 'foo', tags: 'bar,baz', desc: 'description goes here', last_ping: null, n_pings: 0, methods: '' });
  expect(doc).toMatchObject({ start_kw: '', success_kw: '', failure_kw: '', filter_subject: false, filter_body: false });
  expect('schedule' in doc || 'tz' in doc).toBe(false);
  const c = await onlyCheck();
  expect(c).toMatchObject({
    name: 'Foo',
    slug: 'foo',
    tags: ['bar,baz'],
    description: 'description goes here',
    postOnly: false,
    periodSec: 3600,
    graceSec: 60,
  });
});

test('test_it_rejects_null_values — upmon: a null counts as absent (the Ansible collection sends them)', async () => {
  for (const field of ['channels', 'timeout', 'grace', 'name', 'schedule', 'subject', 'subject_fail', 'unique']) {
    expect([field, (await post({ [field]: null })).status]).toEqual([field, 201]);
  }
});

test('test_it_handles_options', async () => {
  const r = await w.hc('OPTIONS', '/checks/');
  expect(r.status).toBe(204);
  expect(r.headers.get('access-control-allow-methods')).toContain('POST');
});

test('test_30_days_works', async () => {
  expect((await post({ name: 'Foo', timeout: 2_592_000, grace: 2_592_000 })).status).toBe(201);
  expect(await onlyCheck()).toMatchObject({ periodSec: 2_592_000, graceSec: 2_592_000 });
});

test('test_it_accepts_api_key_in_header', async () => {
  expect((await w.hc('POST', '/checks/', { key: w.alice.rw, body: { name: 'Foo' }, version: 2 })).status).toBe(201);
});

test('test_it_assigns_channels', async () => {
  const channel = await integration('c');
  expect((await post({ channels: '*' })).status).toBe(201);
  expect(await onlyCheck()).toMatchObject({ integrationsExplicit: true, integrationIds: [channel.id] });
});

test('test_it_sets_channel_by_name', async () => {
  const channel = await integration('alerts');
  expect((await post({ channels: 'alerts' })).status).toBe(201);
  expect((await onlyCheck()).integrationIds).toEqual([channel.id]);
});

test('test_it_sets_channel_by_name_formatted_as_uuid', async () => {
  const name = '102eaa82-a274-4b15-a499-c1bb6bbcd7b6';
  const channel = await integration(name);
  expect((await post({ channels: name })).status).toBe(201);
  expect((await onlyCheck()).integrationIds).toEqual([channel.id]);
});

test('test_it_handles_channel_lookup_by_name_with_no_results', async () => {
  const r = await post({ channels: 'abc' });
  expect([r.status, r.body.error]).toEqual([400, 'invalid channel identifier: abc']);
  expect(await checks()).toHaveLength(0);
});

test('test_it_handles_channel_lookup_by_name_with_multiple_results', async () => {
  await integration('foo');
  await integration('foo');
  const r = await post({ channels: 'foo' });
  expect([r.status, r.body.error]).toEqual([400, 'non-unique channel identifier: foo']);
  expect(await checks()).toHaveLength(0);
});

test('test_it_rejects_multiple_empty_channel_names', async () => {
  await integration('');
  const r = await post({ channels: ',' });
  expect([r.status, r.body.error]).toEqual([400, 'empty channel identifier']);
  expect(await checks()).toHaveLength(0);
});

test('test_it_rejects_non_string_channels_key', async () => {
  await post({ channels: 123 }, { expect: 'channels is not a string' });
});

test('test_it_supports_unique_name', async () => {
  const check = await makeCheck(w.prisma, w.alice.projectId, { name: 'Foo' });
  const r = await post({ name: 'Foo', tags: 'bar', unique: ['name'] });
  expect(r.status).toBe(200);
  expect(await checks()).toHaveLength(1);
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).tags).toEqual(['bar']);
});

test('test_it_creates_new_check_if_unique_references_absent_field', async () => {
  await makeCheck(w.prisma, w.alice.projectId);
  for (const s of ['name', 'slug', 'tags', 'timeout', 'grace']) expect([s, (await post({ unique: [s] })).status]).toEqual([s, 201]);
});

test('test_it_supports_unique_slug', async () => {
  const check = await makeCheck(w.prisma, w.alice.projectId, { slug: 'foo' });
  const r = await post({ slug: 'foo', tags: 'bar', unique: ['slug'] }, { v: 3 });
  expect(r.status).toBe(200);
  expect(await checks()).toHaveLength(1);
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).tags).toEqual(['bar']);
});

test('test_it_supports_unique_tags', async () => {
  await makeCheck(w.prisma, w.alice.projectId, { tags: ['foo'] });
  expect((await post({ tags: 'foo', unique: ['tags'] })).status).toBe(200);
  expect(await checks()).toHaveLength(1);
});

test('test_it_supports_unique_timeout', async () => {
  await makeCheck(w.prisma, w.alice.projectId, { periodSec: 123 });
  expect((await post({ timeout: 123, unique: ['timeout'] })).status).toBe(200);
  expect(await checks()).toHaveLength(1);
});

test('test_it_supports_unique_grace', async () => {
  await makeCheck(w.prisma, w.alice.projectId, { periodSec: 86_400, graceSec: 123 });
  expect((await post({ grace: 123, unique: ['grace'] })).status).toBe(200);
  expect(await checks()).toHaveLength(1);
});

test('test_it_handles_empty_unique_parameter', async () => {
  const check = await makeCheck(w.prisma, w.alice.projectId, { name: 'before' });
  expect((await post({ name: 'Hello', unique: [] })).status).toBe(201);
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).name).toBe('before');
});

test('test_it_handles_missing_request_body', async () => {
  const r = await w.hc('POST', '/checks/', { headers: { 'content-type': 'application/json' }, version: 2 });
  expect([r.status, r.body.error]).toEqual([401, 'missing api key']);
});

test('test_it_handles_invalid_json', async () => {
  const r = await w.hc('POST', '/checks/', { rawBody: 'this is not json', headers: { 'content-type': 'application/json' }, version: 2 });
  expect([r.status, r.body.error]).toEqual([400, 'could not parse request body']);
});

test('test_it_handles_non_dict_json', async () => {
  const r = await w.hc('POST', '/checks/', { rawBody: '[1,2,3]', headers: { 'content-type': 'application/json' }, version: 2 });
  expect([r.status, r.body.error]).toEqual([400, 'json validation error: value is not an object']);
});

test('test_it_rejects_wrong_api_key', async () => {
  expect((await post({ api_key: 'Y'.repeat(32) })).status).toBe(401);
});

test('test_it_rejects_small_timeout', async () => {
  await post({ timeout: 0 }, { expect: 'timeout is too small' });
});

test('test_it_rejects_large_timeout', async () => {
  await post({ timeout: 31_536_001 }, { expect: 'timeout is too large' });
});

test('test_it_rejects_non_number_timeout', async () => {
  await post({ timeout: 'oops' }, { expect: 'timeout is not a number' });
});

test('test_it_rejects_non_string_name', async () => {
  await post({ name: false }, { expect: 'name is not a string' });
});

test('test_it_rejects_long_name', async () => {
  await post({ name: '01234567890'.repeat(20) }, { expect: 'name is too long' });
});

test('test_unique_accepts_only_specific_values', async () => {
  await post({ name: 'Foo', unique: ['status'] }, { expect: "an item in 'unique' has unexpected value" });
});

test('test_it_rejects_bad_unique_values', async () => {
  await post({ name: 'Foo', unique: 'not a list' }, { expect: 'not an array' });
});

test('test_it_supports_cron_syntax', async () => {
  const r = await post({ schedule: '5 * * * *', tz: 'Europe/Riga', grace: 60 });
  expect(r.status).toBe(201);
  expect(r.body).toMatchObject({ schedule: '5 * * * *', tz: 'Europe/Riga', grace: 60 });
  expect('timeout' in r.body).toBe(false);
});

test('test_it_validates_cron_expression', async () => {
  for (const expr of ['bad-expression', '* * * * * *']) {
    await post({ schedule: expr, tz: 'Europe/Riga', grace: 60 }, { expect: 'schedule is not a valid cron or OnCalendar expression' });
  }
});

test('test_it_rejects_long_cron_expression', async () => {
  await post({ schedule: `${'1,'.repeat(100)}1 * * * *`, tz: 'Europe/Riga', grace: 60 }, { expect: 'schedule is too long' });
});

test('test_it_validates_timezone', async () => {
  await post({ schedule: '* * * * *', tz: 'not-a-timezone', grace: 60 }, { expect: 'tz is not a valid timezone' });
});

test('test_it_converts_legacy_timezone', async () => {
  for (const [old, canonical] of [
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['UCT', 'Etc/UTC'],
    ['CET', 'Europe/Brussels'],
  ]) {
    const r = await post({ schedule: '* * * * *', tz: old, grace: 60 });
    expect([r.status, r.body.tz]).toEqual([201, canonical]);
  }
});

test('test_it_supports_oncalendar_syntax', async () => {
  const r = await post({ schedule: '12:34', tz: 'Europe/Riga', grace: 60 });
  expect(r.status).toBe(201);
  expect(r.body).toMatchObject({ schedule: '12:34', tz: 'Europe/Riga', grace: 60 });
  expect('timeout' in r.body).toBe(false);
});

test('test_it_validates_oncalendar_expression', async () => {
  await post({ schedule: '12:34\nsurprise', tz: 'Europe/Riga', grace: 60 }, { expect: 'schedule is not a valid cron or OnCalendar expression' });
});

test('test_it_sets_default_timeout', async () => {
  const r = await post({});
  expect([r.status, r.body.timeout]).toEqual([201, 86_400]);
});

test('test_it_obeys_check_limit (the pro plan’s 1,000 checks)', async () => {
  await w.prisma.check.createMany({
    data: Array.from({ length: 1000 }, (_, i) => ({
      projectId: w.alice.projectId,
      name: `c${i}`,
      scheduleKind: 'period' as const,
      periodSec: 60,
      graceSec: 60,
    })),
  });
  expect((await post({})).status).toBe(403);
});

test('test_it_rejects_readonly_key', async () => {
  expect((await post({ api_key: w.alice.ro, name: 'Foo' })).status).toBe(401);
});

test('test_it_sets_manual_resume — upmon: every check resumes manually', async () => {
  const r = await post({ manual_resume: true });
  expect([r.status, r.body.manual_resume]).toEqual([201, true]);
});

test('test_it_rejects_non_boolean_manual_resume', async () => {
  await post({ manual_resume: 'surprise' }, { expect: 'manual_resume is not a boolean' });
});

test('test_it_rejects_non_boolean_filter_flags', async () => {
  for (const s of ['filter_subject', 'filter_body']) await post({ [s]: 'surprise' }, { expect: `${s} is not a boolean` });
});

test('test_it_sets_methods', async () => {
  expect((await post({ methods: 'POST' })).status).toBe(201);
  expect((await onlyCheck()).postOnly).toBe(true);
});

test('test_it_rejects_bad_methods_value', async () => {
  await post({ methods: 'bad-value' }, { expect: 'methods has unexpected value' });
});

test('test_it_rejects_long_filtering_keywords', async () => {
  for (const s of ['subject', 'subject_fail', 'start_kw', 'success_kw', 'failure_kw']) await post({ [s]: 'A'.repeat(201) }, { expect: `${s} is too long` });
});

test('test_it_sets_success_kw — upmon: keyword filtering is refused (it does not exist here)', async () => {
  await post({ subject: 'SUCCESS,COMPLETE' }, { expect: 'subject is not supported by upmon' });
});

test('test_it_sets_failure_kw — upmon: keyword filtering is refused (it does not exist here)', async () => {
  await post({ subject_fail: 'FAILED,FAILURE' }, { expect: 'subject_fail is not supported by upmon' });
});

test('test_it_rejects_non_string_subject', async () => {
  await post({ subject: false }, { expect: 'subject is not a string' });
});

test('test_it_rejects_non_string_subject_fail', async () => {
  await post({ subject_fail: false }, { expect: 'subject_fail is not a string' });
});

test('test_v2_reports_started_separately — upmon: status is also "started" in v2/v3', async () => {
  await makeCheck(w.prisma, w.alice.projectId, { name: 'X', lastStartAt: new Date() });
  const r = await post({ name: 'X', unique: ['name'] }, { v: 2 });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ status: 'started', started: true });
});

test('test_v3_saves_slug', async () => {
  expect((await post({ name: 'Foo', slug: 'custom-slug' }, { v: 3 })).status).toBe(201);
  expect(await onlyCheck()).toMatchObject({ name: 'Foo', slug: 'custom-slug' });
});

test('test_v3_does_not_autogenerate_slug', async () => {
  const r = await post({ name: 'Foo' }, { v: 3 });
  expect([r.status, r.body.slug]).toEqual([201, '']);
  expect((await onlyCheck()).slug).toBeNull();
});

test('test_it_handles_invalid_slug', async () => {
  for (const slug of ['Uppercase', 'special!', 'look spaces']) {
    const r = await post({ name: 'Foo', slug }, { v: 3 });
    expect([r.status, r.body.error]).toEqual([400, 'json validation error: slug does not match pattern']);
  }
});

test('test_it_rejects_long_slug', async () => {
  await post({ name: 'Foo', slug: 'a'.repeat(101) }, { v: 3, expect: 'slug is too long' });
});
