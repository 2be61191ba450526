import { withPgTransaction, type PrismaClient } from '@upmon/db';
import { makeCheck, openTestStore, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { CheckBatch } from '../src/check-batch.js';
import { CheckLocations } from '../src/check-locations.js';

// Per-location state and the check's state are decided and written together (docs/locations.md).
let store: TestStore;
let prisma: PrismaClient;
let pool: pg.Pool;
let projectId: string;

beforeAll(async () => {
  store = await openTestStore();
  ({ prisma, pool, projectId } = store);
});
afterAll(() => store.close());

const PUBLIC = ['ap-south', 'eu-central', 'us-east'];
const T0 = Date.parse('2026-11-27T12:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000);

/** One result from one location, applied as the prober's result store applies it. */
async function result(checkId: string, location: string, ok: boolean, sec: number) {
  return withPgTransaction(pool, async (client) => {
    const batch = await CheckBatch.lock(client, [checkId]);
    const locations = await CheckLocations.read(client, [checkId], PUBLIC);
    const verdict = locations.record(batch, { checkId, location, ok, warning: false, at: at(sec), durationMs: 12.4, reason: Buffer.from('x') });
    if (!verdict) return null;
    batch.transition(checkId, { type: 'probe', outcome: verdict.outcome, locations: verdict.locations }, at(sec));
    await batch.write(client);
    await locations.write(client);
    return verdict;
  });
}

const statusOf = async (id: string) => (await prisma.check.findUniqueOrThrow({ where: { id } })).status;

it('three public locations, confirmations 2: down only when two locations each confirmed; the flip names them', async () => {
  const check = await makeCheck(prisma, projectId, {
    kind: 'http',
    status: 'up',
    httpConfig: { url: 'http://example.com/', confirmations: 2 },
    lastPingAt: at(0),
  });
  for (const loc of PUBLIC) await result(check.id, loc, true, 1);
  expect(await statusOf(check.id)).toBe('up');

  // eu-central fails twice (confirmed), the others answer: no outage.
  await result(check.id, 'eu-central', false, 60);
  await result(check.id, 'eu-central', false, 120);
  await result(check.id, 'us-east', true, 121);
  expect(await statusOf(check.id)).toBe('up');

  // us-east fails once: two failing, one confirmed -> late; twice -> down.
  expect((await result(check.id, 'us-east', false, 180))?.outcome).toBe('failing');
  expect(await statusOf(check.id)).toBe('late');
  expect((await result(check.id, 'us-east', false, 240))?.outcome).toBe('down');
  expect(await statusOf(check.id)).toBe('down');

  const flips = await prisma.flip.findMany({ where: { checkId: check.id }, orderBy: { id: 'asc' } });
  expect(flips.map((f) => [f.oldStatus, f.newStatus, f.locations])).toEqual([
    ['up', 'late', ['eu-central', 'us-east']],
    ['late', 'down', ['eu-central', 'us-east']],
  ]);
  const rows = await pool.query(
    `SELECT location, status, failures_in_row, last_result_at, last_duration_ms FROM check_locations WHERE check_id = $1 ORDER BY location`,
    [check.id],
  );
  expect(rows.rows).toEqual([
    { location: 'ap-south', status: 'up', failures_in_row: 0, last_result_at: at(1), last_duration_ms: 12 },
    { location: 'eu-central', status: 'failing', failures_in_row: 2, last_result_at: at(120), last_duration_ms: 12 },
    { location: 'us-east', status: 'failing', failures_in_row: 2, last_result_at: at(240), last_duration_ms: 12 },
  ]);

  // Up again under the same rule: two locations answer.
  await result(check.id, 'ap-south', true, 241);
  expect(await statusOf(check.id)).toBe('down');
  await result(check.id, 'eu-central', true, 242);
  expect(await statusOf(check.id)).toBe('up');
});

it("a check's own locations and quorum: one of two suffices with quorum 1; results of other locations do not count", async () => {
  const check = await makeCheck(prisma, projectId, {
    kind: 'http',
    status: 'up',
    httpConfig: { url: 'http://example.com/', confirmations: 1 },
    lastPingAt: at(0),
    locations: ['eu-central', 'us-east'],
    quorum: 1,
  });
  expect((await result(check.id, 'ap-south', false, 10))?.outcome).toBe('none');
  expect(await statusOf(check.id)).toBe('up');
  await result(check.id, 'us-east', true, 11);
  expect((await result(check.id, 'eu-central', false, 12))?.outcome).toBe('down');
  expect(await statusOf(check.id)).toBe('down');
});

it('a location silent for more than three intervals no longer counts: the quorum is among live ones', async () => {
  const check = await makeCheck(prisma, projectId, {
    kind: 'http',
    status: 'up',
    httpConfig: { url: 'http://example.com/', confirmations: 1 },
    lastPingAt: at(0),
  });
  await result(check.id, 'ap-south', true, 0);
  await result(check.id, 'us-east', true, 0);
  // 60 s period: stale after 3 × 60 s + 60 s. ap-south and us-east went quiet.
  const v = await result(check.id, 'eu-central', false, 241);
  expect(v).toMatchObject({ outcome: 'down', live: ['eu-central'], stale: ['ap-south', 'us-east'], required: 1 });
  expect(await statusOf(check.id)).toBe('down');
});

it('a deleted check: nothing recorded', async () => {
  expect(await result('00000000-0000-4000-8000-000000000000', 'eu-central', false, 0)).toBeNull();
});
