// Private locations (docs/locations.md): /api/v1/locations (create, list, rotate, revoke) and what a
// private location's prober talks to, /api/v1/prober/jobs and /prober/results, with its location
// key: scoped to its account's checks that name it, each handed probe answered once, bounded inputs,
// revocation and rotation effective from the next request. Responses are checked against the
// OpenAPI document by the harness.
import { randomUUID } from 'node:crypto';
import { openPingBody, makeProbeCheck, makeProject, makeProjectWithKeys } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function newLocation(rwKey: string, name = 'Office LAN') {
  const res = await h.call('POST', '/locations', { key: rwKey, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string; key: string; key_prefix: string };
}

const slot = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

function resultFor(probe: { check_id: string; scheduled_at: string }, overrides: Record<string, unknown> = {}) {
  return {
    check_id: probe.check_id,
    scheduled_at: probe.scheduled_at,
    ok: true,
    warning: false,
    failure: null,
    explanation: 'HTTP 200',
    method: 'GET',
    at: new Date().toISOString(),
    phases: { dns_ms: 1, connect_ms: 2, tls_ms: null, first_byte_ms: 3, total_ms: 7 },
    certificate: null,
    ...overrides,
  };
}

test('create: the key once, listed by prefix; read-only keys and bad names refused; another account sees nothing', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  expect((await h.call('POST', '/locations', { key: p.roKey, body: { name: 'x' } })).status).toBe(403);
  const bad = await h.call('POST', '/locations', { key: p.rwKey, body: { name: '', extra: 1 } });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['extra', 'name']);
  const loc = await newLocation(p.rwKey, '  Office LAN ');
  expect(loc).toMatchObject({ name: 'Office LAN', revoked_at: null, last_seen_at: null });
  expect(loc.key).toMatch(/^upl_/);
  expect(loc.code).toMatch(/^p-[a-z2-9]{10}$/);
  expect(loc.key.startsWith(loc.key_prefix)).toBe(true);
  const row = await h.prisma.privateLocation.findUniqueOrThrow({ where: { id: loc.id } });
  expect(JSON.stringify(row)).not.toContain(loc.key);
  const list = await h.call('GET', '/locations', { key: p.roKey });
  expect(list.body.data).toHaveLength(1);
  expect(list.body.data[0]).not.toHaveProperty('key');
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  expect((await h.call('GET', '/locations', { key: other.roKey })).body.data).toEqual([]);
  expect((await h.call('GET', `/locations/${loc.id}`, { key: other.roKey })).status).toBe(404);
});

test("the prober gets only its account's checks that name it, each probe once, with its config; results recorded once", async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const loc = await newLocation(p.rwKey);
  const mine = await makeProbeCheck(
    h.prisma,
    p.project.id,
    'http',
    { url: 'http://10.0.0.5/health', headers: { 'X-Token': 'secret' } },
    { locations: [loc.code] },
  );
  const notNamed = await makeProbeCheck(h.prisma, p.project.id, 'http', { url: 'http://10.0.0.6/' }, { locations: ['local'] });
  const stranger = await makeProject(h.prisma, { plan: 'pro' });
  const foreign = await makeProbeCheck(h.prisma, stranger.id, 'http', { url: 'http://10.0.0.7/' }, { locations: [loc.code] });
  const at = slot();
  // What the scheduler does for checks naming the location; the other two are put there by hand.
  await h.api.queues.enqueueProbes(loc.code, [{ probes: [mine, notNamed, foreign].map((c) => ({ checkId: c.id, scheduledAt: at })) }]);

  const jobs = await h.call('GET', '/prober/jobs?wait=0', { key: loc.key });
  expect(jobs.status).toBe(200);
  expect(jobs.body.data.location).toBe(loc.code);
  expect(jobs.body.data.probes).toHaveLength(1);
  const [probe] = jobs.body.data.probes;
  expect(probe).toMatchObject({ check_id: mine.id, scheduled_at: at, kind: 'http' });
  expect(probe.config).toMatchObject({ url: 'http://10.0.0.5/health', headers: { 'X-Token': 'secret' } });
  // Taken once: the next poll finds nothing.
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: loc.key })).body.data.probes).toEqual([]);

  const posted = await h.call('POST', '/prober/results', {
    key: loc.key,
    body: {
      results: [resultFor(probe, { ok: false, failure: 'refused', explanation: 'connection refused' }), resultFor({ check_id: foreign.id, scheduled_at: at })],
    },
  });
  expect(posted.status).toBe(200);
  expect(posted.body.data.recorded).toBe(1);
  expect(posted.body.data.refused).toEqual([expect.objectContaining({ check_id: foreign.id })]);
  const state = await h.prisma.checkLocation.findUniqueOrThrow({ where: { checkId_location: { checkId: mine.id, location: loc.code } } });
  expect(state.status).toBe('failing');
  const ping = await h.prisma.ping.findFirstOrThrow({ where: { checkId: mine.id } });
  expect(ping.type).toBe('fail');
  expect(openPingBody(mine.id, ping.body!)).toBe('connection refused');
  expect(await h.prisma.ping.count({ where: { checkId: foreign.id } })).toBe(0);
  // A replay is refused.
  const again = await h.call('POST', '/prober/results', { key: loc.key, body: { results: [resultFor(probe)] } });
  expect(again.body.data).toMatchObject({ recorded: 0, refused: [expect.objectContaining({ check_id: mine.id })] });
  expect(await h.prisma.ping.count({ where: { checkId: mine.id } })).toBe(1);
});

test('bounds: results per request, explanation length, unknown fields, wait; a long poll answers when a job arrives', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const loc = await newLocation(p.rwKey);
  const many = Array.from({ length: 101 }, () => resultFor({ check_id: randomUUID(), scheduled_at: slot() }));
  expect((await h.call('POST', '/prober/results', { key: loc.key, body: { results: many } })).status).toBe(422);
  const long = await h.call('POST', '/prober/results', {
    key: loc.key,
    body: { results: [resultFor({ check_id: randomUUID(), scheduled_at: slot() }, { explanation: 'x'.repeat(1001), extra: true })] },
  });
  expect(long.status).toBe(422);
  expect(Object.keys(long.body.errors).sort()).toEqual(['results.0.explanation', 'results.0.extra']);
  expect((await h.call('GET', '/prober/jobs?wait=31', { key: loc.key })).status).toBe(422);
  // The route's own limit (1 MiB), not the rest of the API's.
  const tooLarge = await h.call('POST', '/prober/results', { key: loc.key, rawBody: 'x'.repeat(1_100_000) });
  expect([tooLarge.status, tooLarge.body]).toEqual([413, { message: 'request body is larger than 1048576 bytes' }]);

  const check = await makeProbeCheck(h.prisma, p.project.id, 'tcp', { host: '10.0.0.9', port: 22 }, { locations: [loc.code] });
  const started = Date.now();
  const poll = h.call('GET', '/prober/jobs?wait=30', { key: loc.key });
  await new Promise((r) => setTimeout(r, 700));
  await h.api.queues.enqueueProbes(loc.code, [{ checkId: check.id, scheduledAt: slot() }]);
  const res = await poll;
  expect(res.body.data.probes.map((x: { check_id: string }) => x.check_id)).toEqual([check.id]);
  // Woken by the job, not at the end of its 30 s wait (a busy machine may take seconds to get there).
  expect(Date.now() - started).toBeLessThan(20_000);
});

test('an API key is not a location key, nor the reverse; revoked: 401 from the next request', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const loc = await newLocation(p.rwKey);
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: p.rwKey })).status).toBe(401);
  expect((await h.call('GET', '/locations', { key: loc.key })).status).toBe(401);
  expect((await h.call('GET', '/prober/jobs?wait=0')).status).toBe(401);
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: loc.key })).status).toBe(200);
  const revoked = await h.call('POST', `/locations/${loc.id}/revoke`, { key: p.rwKey });
  expect(revoked.status).toBe(200);
  expect(revoked.body.data.revoked_at).not.toBeNull();
  const refused = await h.call('GET', '/prober/jobs?wait=0', { key: loc.key });
  expect(refused.status).toBe(401);
  expect(refused.body.message).toBe('invalid or revoked location key');
  expect((await h.call('POST', `/locations/${loc.id}/rotate-key`, { key: p.rwKey, body: {} })).status).toBe(409);
});

test('rotation: with a grace both keys work until it ends; without one the old key stops at once', async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const loc = await newLocation(p.rwKey);
  const rotated = await h.call('POST', `/locations/${loc.id}/rotate-key`, { key: p.rwKey, body: { grace_sec: 3600 } });
  expect(rotated.status).toBe(200);
  const fresh = rotated.body.data.key as string;
  expect(fresh).not.toBe(loc.key);
  expect(rotated.body.data.previous_key_expires_at).not.toBeNull();
  for (const key of [loc.key, fresh]) expect((await h.call('GET', '/prober/jobs?wait=0', { key })).status).toBe(200);
  await h.prisma.privateLocation.update({ where: { id: loc.id }, data: { previousKeyExpiresAt: new Date(Date.now() - 1000) } });
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: loc.key })).status).toBe(401);
  const again = await h.call('POST', `/locations/${loc.id}/rotate-key`, { key: p.rwKey, body: {} });
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: fresh })).status).toBe(401);
  expect((await h.call('GET', '/prober/jobs?wait=0', { key: again.body.data.key })).status).toBe(200);
});

test("a check names its own account's live private locations only", async () => {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const other = await makeProjectWithKeys(h.prisma, 'pro');
  const mine = await newLocation(p.rwKey);
  const theirs = await newLocation(other.rwKey);
  const http = (locations: string[]) =>
    heartbeatBody({ kind: 'http', schedule: { kind: 'period', period_sec: 60 }, http_config: { url: 'https://example.com/' }, locations });
  const ok = await h.call('POST', '/checks', { key: p.rwKey, body: http([mine.code, 'local']) });
  expect(ok.status).toBe(201);
  expect(ok.body.data.locations).toEqual([mine.code, 'local']);
  const foreign = await h.call('POST', '/checks', { key: p.rwKey, body: http([theirs.code]) });
  expect(foreign.status).toBe(422);
  expect(foreign.body.errors.locations).toEqual([
    `${theirs.code} is not a known location (public: local; this account's private locations: ${mine.code} (Office LAN))`,
  ]);
  await h.call('POST', `/locations/${mine.id}/revoke`, { key: p.rwKey });
  const patched = await h.call('PATCH', `/checks/${ok.body.data.id}`, { key: p.rwKey, body: { locations: [mine.code] } });
  expect(patched.status).toBe(422);
});
