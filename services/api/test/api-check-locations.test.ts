import { CheckBatch, CheckLocations } from '@upmon/check-store';
import { AAD, createCipher } from '@upmon/crypto';
import { withPgTransaction } from '@upmon/db';
import { makeCheck, makeProjectWithKeys, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

// A probed check's locations and quorum through /api/v1 (docs/locations.md); every response is
// checked against the OpenAPI document by the harness (the contract test of these additions).
let h: Harness;
let rw: string;
let otherRw: string;
const now = new Date('2026-11-27T12:10:00.000Z');
const PUBLIC = 'ap-south,eu-central,us-east';

beforeAll(async () => {
  h = await startHarness({ PUBLIC_LOCATIONS: PUBLIC }, { now: () => now });
  rw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
  otherRw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
});
afterAll(() => h.close());
beforeEach(() => h.resetRateLimits());

const cipher = createCipher(TEST_ENCRYPTION_KEY);
const http = (extra: Record<string, unknown> = {}) =>
  heartbeatBody({ kind: 'http', schedule: { kind: 'period', period_sec: 60 }, http_config: { url: 'https://example.com/' }, ...extra });

async function result(checkId: string, location: string, ok: boolean, at: Date, explanation: string) {
  await withPgTransaction(h.pool, async (client) => {
    const batch = await CheckBatch.lock(client, [checkId]);
    const locations = await CheckLocations.read(client, [checkId], PUBLIC.split(','));
    const verdict = locations.record(batch, {
      checkId,
      location,
      ok,
      warning: false,
      at,
      durationMs: 87,
      reason: cipher.encrypt(explanation, AAD.checkLocationReason(checkId, location)),
    });
    batch.transition(checkId, { type: 'probe', outcome: verdict?.outcome ?? 'none', locations: verdict?.locations ?? [] }, at);
    await batch.write(client);
    await locations.write(client);
  });
}

test('locations and quorum: stored, returned, validated', async () => {
  const created = await h.call('POST', '/checks', { key: rw, body: http({ locations: ['us-east', 'eu-central'], quorum: 2 }) });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ locations: ['us-east', 'eu-central'], quorum: 2 });
  const id = created.body.data.id;
  // A PATCH without them keeps them.
  expect((await h.call('PATCH', `/checks/${id}`, { key: rw, body: { name: 'renamed' } })).body.data).toMatchObject({
    locations: ['us-east', 'eu-central'],
    quorum: 2,
  });
  expect((await h.call('PATCH', `/checks/${id}`, { key: rw, body: { locations: [], quorum: null } })).body.data).toMatchObject({ locations: [], quorum: null });

  const plain = await h.call('POST', '/checks', { key: rw, body: http() });
  expect(plain.body.data).toMatchObject({ locations: [], quorum: null });
  const hb = await h.call('POST', '/checks', { key: rw, body: heartbeatBody() });
  expect(hb.body.data).toMatchObject({ locations: [], quorum: null });

  for (const [body, field] of [
    [http({ locations: ['EU'] }), 'locations.0'],
    [http({ locations: ['eu', 'eu'] }), 'locations.1'],
    [http({ locations: ['eu'], quorum: 2 }), 'quorum'],
    [http({ quorum: 0 }), 'quorum'],
    [heartbeatBody({ locations: ['eu'] }), 'locations'],
    [heartbeatBody({ quorum: 1 }), 'quorum'],
  ] as const) {
    const res = await h.call('POST', '/checks', { key: rw, body });
    expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([422, [field]]);
  }
});

test('GET /checks/{id}/locations: each location with its last result, reason and staleness; the flip names the failed locations', async () => {
  const id = (await h.call('POST', '/checks', { key: rw, body: http() })).body.data.id;
  const before = await h.call('GET', `/checks/${id}/locations`, { key: rw });
  expect(before.status).toBe(200);
  expect(before.body.data).toEqual({
    quorum: null,
    locations: ['ap-south', 'eu-central', 'us-east'].map((location) => ({
      location,
      status: null,
      stale: true,
      configured: true,
      failures_in_row: 0,
      last_result_at: null,
      last_duration_ms: null,
      reason: null,
    })),
  });

  const t = (sec: number) => new Date(now.getTime() - sec * 1000);
  await result(id, 'ap-south', true, t(600), 'HTTP 200'); // 10 minutes ago: stale (60 s period: after 4 minutes)
  await result(id, 'eu-central', false, t(70), 'connection refused');
  await result(id, 'us-east', false, t(65), 'HTTP 503');
  await result(id, 'eu-central', false, t(10), 'connection refused');
  await result(id, 'us-east', false, t(5), 'HTTP 503');

  const res = await h.call('GET', `/checks/${id}/locations`, { key: rw });
  expect(res.body.data.locations).toEqual([
    {
      location: 'ap-south',
      status: 'up',
      stale: true,
      configured: true,
      failures_in_row: 0,
      last_result_at: '2026-11-27T12:00:00.000+00:00',
      last_duration_ms: 87,
      reason: 'HTTP 200',
    },
    {
      location: 'eu-central',
      status: 'failing',
      stale: false,
      configured: true,
      failures_in_row: 2,
      last_result_at: '2026-11-27T12:09:50.000+00:00',
      last_duration_ms: 87,
      reason: 'connection refused',
    },
    {
      location: 'us-east',
      status: 'failing',
      stale: false,
      configured: true,
      failures_in_row: 2,
      last_result_at: '2026-11-27T12:09:55.000+00:00',
      last_duration_ms: 87,
      reason: 'HTTP 503',
    },
  ]);
  expect((await h.call('GET', `/checks/${id}`, { key: rw })).body.data.status).toBe('down');
  const flips = await h.prisma.flip.findMany({ where: { checkId: id }, orderBy: { id: 'asc' } });
  expect(flips.map((f) => [f.newStatus, f.locations])).toEqual([
    ['up', ['ap-south']],
    ['late', ['eu-central']],
    ['down', ['eu-central', 'us-east']],
  ]);

  expect((await h.call('GET', `/checks/${id}/locations`, { key: otherRw })).status).toBe(404);
  const hb = (await h.call('POST', '/checks', { key: rw, body: heartbeatBody() })).body.data.id;
  expect((await h.call('GET', `/checks/${hb}/locations`, { key: rw })).body.data).toEqual({ quorum: null, locations: [] });
});

test('a check names only locations that exist: anything else is a 422 naming it and listing the valid ones', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  const none = "public: ap-south, eu-central, us-east; this account's private locations: none";
  const typo = await h.call('POST', '/checks', { key: p.rwKey, body: http({ locations: ['eu-central', 'eu-centrl'] }) });
  expect([typo.status, typo.body]).toEqual([
    422,
    { message: 'unknown location: eu-centrl', errors: { locations: [`eu-centrl is not a known location (${none})`] } },
  ]);

  // Another account's private location reads like one that never existed (no existence leak).
  const theirs = (await h.call('POST', '/locations', { key: other.rwKey, body: { name: 'Their LAN' } })).body.data;
  const never = 'p-aaaaaaaaaa';
  for (const code of [theirs.code, never]) {
    const res = await h.call('POST', '/checks', { key: p.rwKey, body: http({ locations: [code] }) });
    expect([res.status, res.body.errors]).toEqual([422, { locations: [`${code} is not a known location (${none})`] }]);
  }
  const mine = (await h.call('POST', '/locations', { key: p.rwKey, body: { name: 'Office LAN' } })).body.data;
  const two = await h.call('POST', '/checks', { key: p.rwKey, body: http({ locations: ['local', mine.code, theirs.code] }) });
  const known = `public: ap-south, eu-central, us-east; this account's private locations: ${mine.code} (Office LAN)`;
  expect([two.status, two.body]).toEqual([
    422,
    {
      message: `unknown locations: local, ${theirs.code}`,
      errors: { locations: [`local is not a known location (${known})`, `${theirs.code} is not a known location (${known})`] },
    },
  ]);
  expect(await h.prisma.check.count({ where: { projectId: p.project.id } })).toBe(0);

  const ok = await h.call('POST', '/checks', { key: p.rwKey, body: http({ locations: ['us-east', mine.code] }) });
  expect([ok.status, ok.body.data.locations]).toEqual([201, ['us-east', mine.code]]);
  const patched = await h.call('PATCH', `/checks/${ok.body.data.id}`, { key: p.rwKey, body: { locations: ['us-east', 'us-west'] } });
  expect([patched.status, patched.body.errors]).toEqual([422, { locations: [`us-west is not a known location (${known})`] }]);
  expect((await h.call('GET', `/checks/${ok.body.data.id}`, { key: p.rwKey })).body.data.locations).toEqual(['us-east', mine.code]);
});

test('a public location removed from PUBLIC_LOCATIONS: the check keeps it, shown not configured and stale; the quorum counts the live ones', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  // Made while eu-west was a public location (this api's PUBLIC_LOCATIONS no longer has it).
  const check = await makeCheck(h.prisma, p.project.id, {
    kind: 'http',
    periodSec: 60,
    httpConfig: { url: 'https://example.com/' },
    locations: ['eu-central', 'eu-west'],
  });
  const t = (sec: number) => new Date(now.getTime() - sec * 1000);
  await result(check.id, 'eu-west', false, t(900), 'connection refused'); // its last result, before it was removed
  await result(check.id, 'eu-central', true, t(5), 'HTTP 200');
  const read = await h.call('GET', `/checks/${check.id}`, { key: p.rwKey });
  expect(read.body.data).toMatchObject({ status: 'up', locations: ['eu-central', 'eu-west'] });
  const locations = (await h.call('GET', `/checks/${check.id}/locations`, { key: p.rwKey })).body.data.locations;
  expect(locations.map((l: any) => [l.location, l.status, l.stale, l.configured])).toEqual([
    ['eu-central', 'up', false, true],
    ['eu-west', 'failing', true, false],
  ]);
  const lastFlip = await h.prisma.flip.findFirstOrThrow({ where: { checkId: check.id }, orderBy: { id: 'desc' } });
  expect([lastFlip.newStatus, lastFlip.locations]).toEqual(['up', ['eu-central']]);

  // Edits that leave the locations keep it; naming it again is refused; dropping it is fine.
  const renamed = await h.call('PATCH', `/checks/${check.id}`, { key: p.rwKey, body: { name: 'renamed' } });
  expect([renamed.status, renamed.body.data.locations]).toEqual([200, ['eu-central', 'eu-west']]);
  const again = await h.call('PATCH', `/checks/${check.id}`, { key: p.rwKey, body: { locations: ['eu-central', 'eu-west'] } });
  expect([again.status, again.body.message]).toEqual([422, 'unknown location: eu-west']);
  const dropped = await h.call('PATCH', `/checks/${check.id}`, { key: p.rwKey, body: { locations: ['eu-central'] } });
  expect([dropped.status, dropped.body.data.locations]).toEqual([200, ['eu-central']]);
});
