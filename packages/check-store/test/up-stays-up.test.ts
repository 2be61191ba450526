import { withPgTransaction, type Prisma, type PrismaClient } from '@upmon/db';
import { makeCheck, openTestStore, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { CheckBatch, type PingWrite } from '../src/check-batch.js';
import { recordUpStaysUpPings } from '../src/up-stays-up.js';

let store: TestStore;
let prisma: PrismaClient;
let pool: pg.Pool;
let projectId: string;

beforeAll(async () => {
  store = await openTestStore();
  ({ prisma, pool, projectId } = store);
});
afterAll(() => store.close());

const T0 = Date.parse('2026-11-24T11:00:00.000Z');

/** What a check and its pings look like after a ping, as text (microseconds kept). */
async function snapshot(id: string) {
  const check = (
    await pool.query(
      `SELECT status, last_ping_at::text, last_ping_type, last_start_at::text, last_start_rid, last_duration_ms, resumed_at::text,
              next_deadline_at::text, failure_count, n_pings, ping_window_start::text, ping_window_count
         FROM checks WHERE id = $1`,
      [id],
    )
  ).rows[0];
  const pings = (
    await pool.query(`SELECT ts::text, type, exit_status, rid, method, source_ip, body_size, duration_ms, note, n FROM pings WHERE check_id = $1 ORDER BY n`, [
      id,
    ])
  ).rows;
  const flips = (await pool.query(`SELECT count(*)::int AS n FROM flips WHERE check_id = $1`, [id])).rows[0].n as number;
  return { check, pings, flips };
}

function pingAt(ms: number, micros: string, extra: Partial<PingWrite> = {}): PingWrite & { tsMs: number } {
  return {
    ts: new Date(ms).toISOString().replace('Z', `${micros}Z`),
    tsMs: ms,
    type: 'success',
    method: 'GET',
    sourceIp: '203.0.113.7',
    bodySize: 0,
    body: null,
    ...extra,
  };
}

/** The general path, as the ping receiver runs it: budget, state machine, ping row, one write. */
async function throughGeneralPath(id: string, ping: PingWrite & { tsMs: number }): Promise<void> {
  await withPgTransaction(pool, async (client) => {
    const batch = await CheckBatch.lock(client, [id], { pingBudget: true });
    const event = { type: 'ping' as const, kind: ping.type, exitStatus: ping.exitStatus ?? null, rid: ping.rid ?? null, runStartedAt: null };
    const r = batch.applyPing(id, event, new Date(ping.tsMs), ping.ts);
    batch.recordPing(id, { ...ping, durationMs: r?.durationMs ?? null, note: r?.note ?? null }, r && ping.type !== 'log' ? ping.type : undefined);
    await batch.write(client);
  });
}

/** Two identical checks. */
async function twins(fields: Partial<Prisma.CheckUncheckedCreateInput>): Promise<[string, string]> {
  const a = await makeCheck(prisma, projectId, fields);
  const b = await makeCheck(prisma, projectId, fields);
  return [a.id, b.id];
}

const UP = { status: 'up' as const, periodSec: 60, graceSec: 30, lastPingAt: new Date(T0 - 30_000), nextDeadlineAt: new Date(T0 + 30_000) };

describe('the "up stays up" statement equals the general path wherever it applies', () => {
  const cases: [string, Partial<Prisma.CheckUncheckedCreateInput>, Partial<PingWrite>, boolean][] = [
    ['success on an up period check', UP, {}, true],
    ['exit 0', UP, { type: 'exit', exitStatus: 0 }, true],
    ['with a body', UP, { body: Buffer.from('sealed elsewhere'), bodySize: 16 }, true],
    ['a budget window that has ended', { ...UP, pingWindowStart: new Date(T0 - 60_000), pingWindowCount: 60 }, {}, true],
    ['a budget window with room', { ...UP, pingWindowStart: new Date(T0 - 59_000), pingWindowCount: 59 }, {}, true],
    ['over the budget', { ...UP, pingWindowStart: new Date(T0 - 59_000), pingWindowCount: 60 }, {}, false],
    ['exit 1', UP, { type: 'exit', exitStatus: 1 }, false],
    ['a fail', UP, { type: 'fail' }, false],
    ['a start', UP, { type: 'start' }, false],
    ['a log', UP, { type: 'log' }, false],
    ['with a rid', UP, { rid: '11111111-2222-4333-8444-555555555555' }, false],
    ['a run open', { ...UP, lastStartAt: new Date(T0 - 5_000) }, {}, false],
    ['a minimum run time', { ...UP, minRunSec: 60 }, {}, false],
    ['a late check', { ...UP, status: 'late', nextDeadlineAt: new Date(T0 + 10_000) }, {}, false],
    ['a down check', { ...UP, status: 'down', nextDeadlineAt: null }, {}, false],
    ['a new check', { status: 'new' }, {}, false],
    ['a paused check', { ...UP, status: 'paused', nextDeadlineAt: null }, {}, false],
    ['a cron check', { ...UP, scheduleKind: 'cron', periodSec: null, cron: '* * * * *' }, {}, false],
    ['resumed after the ping', { ...UP, resumedAt: new Date(T0 + 1_000) }, {}, false],
    ['an http check', { ...UP, kind: 'http', httpConfig: { url: 'https://example.com/' } }, {}, false],
  ];

  it.each(cases)('%s', async (_name, fields, pingFields, fast) => {
    const [a, b] = await twins(fields);
    const ping = pingAt(T0, '123', pingFields);
    const before = await snapshot(a);
    const stored = await recordUpStaysUpPings(pool, [{ ...ping, checkId: a }]);
    expect(stored.has(0)).toBe(fast);
    if (!fast) {
      expect(await snapshot(a)).toEqual(before); // left entirely to the general path
      return;
    }
    await throughGeneralPath(b, ping);
    expect(await snapshot(a)).toEqual(await snapshot(b));
  });

  it('several pings of one check in a batch are left to the general path (they must be applied in order)', async () => {
    const [a] = await twins(UP);
    const stored = await recordUpStaysUpPings(pool, [
      { ...pingAt(T0, '001'), checkId: a },
      { ...pingAt(T0 + 1, '002'), checkId: a },
    ]);
    expect(stored.size).toBe(0);
  });

  it('spends the ping budget as the general path does, ping after ping across windows', async () => {
    const [a, b] = await twins(UP);
    const times = [...Array.from({ length: 61 }, (_, i) => T0 + i * 10), T0 + 59_999, T0 + 60_000, T0 + 60_001];
    let fast = 0;
    for (const t of times) {
      const ping = pingAt(t, '500');
      const stored = await recordUpStaysUpPings(pool, [{ ...ping, checkId: a }]);
      // What the fast path refuses, the receiver sends down the general path: so does this test.
      if (stored.has(0)) fast += 1;
      else await throughGeneralPath(a, ping);
      await throughGeneralPath(b, ping);
      expect(await snapshot(a)).toEqual(await snapshot(b));
    }
    expect(fast).toBe(62); // the 61st and the one at 59.999 s are over the budget
  });
});
