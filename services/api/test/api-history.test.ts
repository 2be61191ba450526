import { recordPingInTx } from '@upmon/testing';
import { createCipher } from '@upmon/crypto';
import { legacyCiphertext, makeCheck, makeProjectWithKeys, sealPingBody, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
let rw: string;
let ro: string;
let projectId: string;
const cipher = createCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  h = await startHarness();
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
});
afterAll(async () => {
  await h.close();
});

/** Inserts pings with exact microsecond timestamps (SQL, since JS Dates cannot carry them). */
async function insertPings(checkId: string, count: number, base = '2026-01-01 00:00:00') {
  await h.prisma.$executeRawUnsafe(
    `INSERT INTO pings (check_id, ts, type, method, body_size)
     SELECT $1::uuid, $2::timestamptz + (i * interval '1 second') + (i * interval '1 microsecond'), 'success', 'GET', 0
     FROM generate_series(1, $3::int) AS i`,
    checkId,
    `${base}+00`,
    count,
  );
}

describe('GET /checks/{uuid}/pings', () => {
  test('newest first, 25 by default, ts with exactly 6 fraction digits and +00:00', async () => {
    const c = await makeCheck(h.prisma, projectId);
    await insertPings(c.id, 30);
    const res = await h.call('GET', `/checks/${c.id}/pings`, { key: ro });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.data[0].ts).toBe('2026-01-01T00:00:30.000030+00:00');
    expect(res.body.data[24].ts).toBe('2026-01-01T00:00:06.000006+00:00');
    const ts = res.body.data.map((p: { ts: string }) => p.ts);
    expect([...ts].sort().reverse()).toEqual(ts);
  });

  test('limit 1..100; out of range or not an integer → 422', async () => {
    const c = await makeCheck(h.prisma, projectId);
    await insertPings(c.id, 120);
    expect((await h.call('GET', `/checks/${c.id}/pings?limit=1`, { key: ro })).body.data).toHaveLength(1);
    expect((await h.call('GET', `/checks/${c.id}/pings?limit=100`, { key: ro })).body.data).toHaveLength(100);
    for (const bad of ['0', '101', '-5', '2.5', 'ten', '']) {
      const res = await h.call('GET', `/checks/${c.id}/pings?limit=${bad}`, { key: ro });
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(Object.keys(res.body.errors)).toEqual(['limit']);
    }
    const unknown = await h.call('GET', `/checks/${c.id}/pings?page=2`, { key: ro });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ page: ['is not allowed'] });
  });

  test('before pages through the history without gaps or repeats, to the microsecond', async () => {
    const c = await makeCheck(h.prisma, projectId);
    await insertPings(c.id, 57);
    // Two pings 1 µs apart: a millisecond cursor would lose one of them.
    await h.prisma.$executeRawUnsafe(
      `INSERT INTO pings (check_id, ts, type, method) VALUES ($1::uuid, '2025-12-31 23:59:59.000001+00', 'start', 'GET'), ($1::uuid, '2025-12-31 23:59:59.000002+00', 'log', 'GET')`,
      c.id,
    );
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const q = `limit=10${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const res = await h.call('GET', `/checks/${c.id}/pings?${q}`, { key: ro });
      expect(res.status).toBe(200);
      if (res.body.data.length === 0) break;
      seen.push(...res.body.data.map((p: { ts: string }) => p.ts));
      before = res.body.data.at(-1).ts;
    }
    expect(seen).toHaveLength(59);
    expect(new Set(seen).size).toBe(59);
    expect(seen.slice(-2)).toEqual(['2025-12-31T23:59:59.000002+00:00', '2025-12-31T23:59:59.000001+00:00']);
  });

  test('before accepts Z and other offsets; garbage → 422', async () => {
    const c = await makeCheck(h.prisma, projectId);
    await insertPings(c.id, 5);
    const z = await h.call('GET', `/checks/${c.id}/pings?before=2026-01-01T00:00:03Z`, { key: ro });
    expect(z.body.data.map((p: { ts: string }) => p.ts)).toEqual(['2026-01-01T00:00:02.000002+00:00', '2026-01-01T00:00:01.000001+00:00']);
    const riga = await h.call('GET', `/checks/${c.id}/pings?before=${encodeURIComponent('2026-01-01T02:00:02+02:00')}`, { key: ro });
    expect(riga.body.data).toHaveLength(1);
    for (const bad of ['yesterday', '2026-01-01', '2026-01-01T00:00:00', '2026-13-01T00:00:00Z']) {
      const res = await h.call('GET', `/checks/${c.id}/pings?before=${encodeURIComponent(bad)}`, { key: ro });
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(Object.keys(res.body.errors)).toEqual(['before']);
    }
  });

  test('every field; body decrypted and truncated to 2 KB without splitting a character', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const long = `${'a'.repeat(2047)}ä${'b'.repeat(5000)}`; // 'ä' is 2 bytes and straddles the 2048-byte cut
    await h.prisma.$transaction(async (tx) => {
      await recordPingInTx(tx, cipher, {
        checkId: c.id,
        type: 'exit',
        exitStatus: 3,
        method: 'POST',
        sourceIp: '203.0.113.9',
        userAgent: 'curl/8.5',
        body: long,
        durationMs: 1234,
      });
      await recordPingInTx(tx, cipher, {
        checkId: c.id,
        type: 'success',
        method: 'POST',
        body: 'all good ✓',
        note: 'run took 2 s, shorter than the minimum of 60 s',
      });
      await recordPingInTx(tx, cipher, { checkId: c.id, type: 'log', method: 'HEAD' });
    });
    const res = await h.call('GET', `/checks/${c.id}/pings`, { key: ro });
    expect(res.status).toBe(200);
    // One transaction: identical ts; the tie is broken by insertion order, newest first.
    const [log, success, exit] = res.body.data;
    expect(exit).toEqual({
      ts: expect.stringMatching(/\.\d{6}\+00:00$/),
      type: 'exit',
      exit_status: 3,
      source_ip: '203.0.113.9',
      method: 'POST',
      body_size: Buffer.byteLength(long),
      duration_ms: 1234,
      note: null,
      body: 'a'.repeat(2047),
      user_agent: 'curl/8.5',
    });
    expect(success).toMatchObject({
      type: 'success',
      body: 'all good ✓',
      exit_status: null,
      source_ip: null,
      user_agent: null,
      duration_ms: null,
      note: 'run took 2 s, shorter than the minimum of 60 s',
    });
    expect(log).toMatchObject({ type: 'log', method: 'HEAD', body: null, body_size: 0 });
  });

  test('a body exactly 2048 bytes long comes back whole', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const body = 'x'.repeat(2048);
    await h.prisma.$transaction((tx) => recordPingInTx(tx, cipher, { checkId: c.id, type: 'success', method: 'POST', body }));
    expect((await h.call('GET', `/checks/${c.id}/pings`, { key: ro })).body.data[0].body).toBe(body);
  });

  test('bodies written before key rotation (no key id, no AAD) are still returned; one copied from another check is not', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const other = await makeCheck(h.prisma, projectId);
    await h.prisma.ping.create({ data: { checkId: c.id, type: 'log', method: 'POST', body: legacyCiphertext('from an older version'), bodySize: 21 } });
    await h.prisma.ping.create({
      data: { checkId: c.id, type: 'log', method: 'POST', body: sealPingBody(other.id, 'belongs to another check'), bodySize: 24 },
    });
    const res = await h.call('GET', `/checks/${c.id}/pings`, { key: ro });
    expect(res.body.data.map((p: { body: string | null }) => p.body)).toEqual([null, 'from an older version']);
  });

  test('unknown check → 404', async () => {
    expect((await h.call('GET', '/checks/00000000-0000-4000-8000-000000000000/pings', { key: rw })).status).toBe(404);
  });
});

describe('GET /checks/{uuid}/flips', () => {
  test('newest first with every field, limit and before', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const statuses = ['new', 'up', 'late', 'down', 'up', 'paused', 'up'] as const;
    const reasons = ['ping', 'timeout', 'timeout', 'ping', 'manual', 'resumed'] as const;
    for (let i = 1; i < statuses.length; i++) {
      await h.prisma.flip.create({
        data: {
          checkId: c.id,
          projectId,
          ts: new Date(Date.UTC(2026, 0, 1, 0, i)),
          oldStatus: statuses[i - 1]!,
          newStatus: statuses[i]!,
          reason: reasons[i - 1]!,
        },
      });
    }
    const all = await h.call('GET', `/checks/${c.id}/flips`, { key: ro });
    expect(all.status).toBe(200);
    expect(all.body.data[0]).toEqual({
      ts: '2026-01-01T00:06:00.000000+00:00',
      old_status: 'paused',
      new_status: 'up',
      reason: 'resumed',
      locations: [],
      held_for: null,
    });
    expect(all.body.data.map((f: { reason: string }) => f.reason)).toEqual([...reasons].reverse());
    const page = await h.call('GET', `/checks/${c.id}/flips?limit=2&before=${encodeURIComponent('2026-01-01T00:04:00+00:00')}`, { key: ro });
    expect(page.body.data.map((f: { ts: string }) => f.ts)).toEqual(['2026-01-01T00:03:00.000000+00:00', '2026-01-01T00:02:00.000000+00:00']);
    for (const bad of ['0', '101']) expect((await h.call('GET', `/checks/${c.id}/flips?limit=${bad}`, { key: ro })).status).toBe(422);
  });

  test('a probed flip names the locations whose results decided it (docs/locations.md)', async () => {
    const c = await makeCheck(h.prisma, projectId);
    const ts = new Date(Date.UTC(2026, 0, 2));
    await h.prisma.flip.create({ data: { checkId: c.id, projectId, ts, oldStatus: 'up', newStatus: 'down', reason: 'fail', locations: ['eu', 'us'] } });
    const res = await h.call('GET', `/checks/${c.id}/flips`, { key: ro });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ new_status: 'down', reason: 'fail', locations: ['eu', 'us'] })]);
  });

  test('flips of other checks are not listed; unknown check → 404', async () => {
    const a = await makeCheck(h.prisma, projectId);
    const b = await makeCheck(h.prisma, projectId);
    await h.prisma.flip.create({ data: { checkId: b.id, projectId, ts: new Date(), oldStatus: 'new', newStatus: 'up', reason: 'ping' } });
    expect((await h.call('GET', `/checks/${a.id}/flips`, { key: ro })).body.data).toEqual([]);
    expect((await h.call('GET', '/checks/00000000-0000-4000-8000-000000000000/flips', { key: ro })).status).toBe(404);
  });
});
