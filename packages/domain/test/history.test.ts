import { decryptPingBody, listFlips, listPings, presentFlip, presentPing, readCheckAvailability } from '@upmon/domain';
import { createLogger } from '@upmon/logger';
import { createCipher } from '@upmon/crypto';
import { makeCheck, makeIntegration, sealPingBody } from '@upmon/testing';
import { domainWorldOfThisFile } from './support/domain-world.js';
import { expectResponse } from './support/response-validator.js';

// A check's history (pings, flips, availability) read through the domain from a real database.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const logger = createLogger({ service: 'domain-test', level: 'silent' });
const w = domainWorldOfThisFile();

/** Pings at the given timestamps (text, microseconds kept), of type success. */
async function pingsAt(checkId: string, ...ts: string[]) {
  for (const t of ts)
    await w.pool.query(`INSERT INTO pings (check_id, ts, type, method, body_size) VALUES ($1, $2::timestamptz, 'success', 'GET', 0)`, [checkId, t]);
}
async function flip(checkId: string, ts: string, from: string, to: string, reason: string) {
  const { rows } = await w.pool.query<{ id: string }>(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3::timestamptz, $4, $5, $6, now()) RETURNING id::text`,
    [checkId, w.scope.projectId, ts, from, to, reason],
  );
  return rows[0]!.id;
}

test('pings: newest first with microseconds; `before` pages without gaps or repeats', async () => {
  const check = await makeCheck(w.prisma, w.scope.projectId);
  await pingsAt(check.id, '2026-06-01T10:00:00.000001Z', '2026-06-01T10:00:00.000002Z', '2026-06-01T10:00:00.000003Z', '2026-06-01T11:00:00Z');
  const first = await listPings(w.pool, check.id, 2);
  expect(first.map((p) => p.ts)).toEqual(['2026-06-01T11:00:00.000000+00:00', '2026-06-01T10:00:00.000003+00:00']);
  const second = await listPings(w.pool, check.id, 2, first[1]!.ts);
  expect(second.map((p) => p.ts)).toEqual(['2026-06-01T10:00:00.000002+00:00', '2026-06-01T10:00:00.000001+00:00']);
  expect(await listPings(w.pool, check.id, 2, second[1]!.ts)).toEqual([]);
  for (const p of [...first, ...second]) expectResponse('Ping', presentPing(p, null));
});

test("a ping's body is decrypted and cut to 2 KB at a character boundary; one sealed with another key is null", async () => {
  const check = await makeCheck(w.prisma, w.scope.projectId);
  const long = 'é'.repeat(1500); // 3,000 bytes
  await w.pool.query(`INSERT INTO pings (check_id, type, method, body_size, body) VALUES ($1, 'log', 'POST', 3000, $2)`, [
    check.id,
    sealPingBody(check.id, long),
  ]);
  const [row] = await listPings(w.pool, check.id, 1);
  const body = decryptPingBody(w.cipher, logger, row!.body, check.id);
  expect([body?.length, Buffer.byteLength(body ?? '')]).toEqual([1024, 2048]);
  const other = createCipher(Buffer.alloc(32, 9).toString('base64'));
  expect(decryptPingBody(other, logger, row!.body, check.id)).toBeNull();
  expect(decryptPingBody(w.cipher, logger, row!.body, '00000000-0000-4000-8000-000000000000')).toBeNull();
});

test('flips: newest first; a down flip held for a dependency names it, or null once it is deleted', async () => {
  const dep = await makeCheck(w.prisma, w.scope.projectId, { name: 'database' });
  const check = await makeCheck(w.prisma, w.scope.projectId, { dependsOn: [dep.id] });
  const hook = await makeIntegration(w.prisma, w.scope.projectId, 'webhook', { url: 'https://h.example.com' });
  await flip(check.id, '2026-06-01T09:00:00Z', 'new', 'up', 'ping');
  const down = await flip(check.id, '2026-06-01T10:00:00Z', 'up', 'down', 'fail');
  await w.prisma.heldNotification.create({
    data: { integrationId: hook.id, checkId: check.id, flipId: BigInt(down), event: 'down', cause: 'dependency', ts: NOW, dependencyId: dep.id },
  });
  const flips = await listFlips(w.pool, check.id, 10);
  expect(flips.map((f) => [f.new_status, f.held_for])).toEqual([
    ['down', { uuid: dep.id, name: 'database' }],
    ['up', null],
  ]);
  for (const f of flips) expectResponse('Flip', presentFlip(f));
  await w.prisma.check.delete({ where: { id: dep.id } });
  expect((await listFlips(w.pool, check.id, 1))[0]?.held_for).toEqual({ uuid: dep.id, name: null });
  expect((await listFlips(w.pool, check.id, 1, '2026-06-01T10:00:00+00:00')).map((f) => f.new_status)).toEqual(['up']);
});

test("availability counts the check's down time per period from its flips", async () => {
  const createdAt = new Date('2026-05-01T00:00:00Z');
  const check = await makeCheck(w.prisma, w.scope.projectId, { createdAt });
  await flip(check.id, '2026-05-01T00:00:00Z', 'new', 'up', 'ping');
  await flip(check.id, '2026-05-31T12:00:00Z', 'up', 'down', 'fail');
  await flip(check.id, '2026-05-31T18:00:00Z', 'down', 'up', 'ping');
  const availability = await readCheckAvailability(w, { id: check.id, projectId: w.scope.projectId, tags: [], createdAt }, NOW);
  const day = availability.periods.find((p) => p.name === '24h');
  // 6 hours down in the last 24 hours: 75 % up.
  expect([day?.downMs, day?.monitoredMs]).toEqual([6 * 3_600_000, 24 * 3_600_000]);
  expect(day?.uptime).toBeCloseTo(0.75, 5);
  expect(availability.months.length).toBeGreaterThan(0);
});
