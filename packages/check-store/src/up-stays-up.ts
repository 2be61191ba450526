import { PING_BUDGET_PER_WINDOW, PING_BUDGET_WINDOW_MS } from '@upmon/core';
import type { PingWrite } from './check-batch.js';

/** A ping for the fast path, with its check. */
export interface IncomingPing extends PingWrite {
  checkId: string;
}

/** A client that runs named statements (pg.Pool and pg.PoolClient do). */
export interface NamedQueryClient {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/** The budget's window has ended (or never opened) for a ping at v.ts_ms: `takePingBudget`'s first case. */
const NEW_WINDOW = `(c.ping_window_start IS NULL OR c.ping_window_start <= v.ts_ms - interval '${PING_BUDGET_WINDOW_MS} milliseconds')`;

/**
 * The common case in ONE autocommitted statement: a success (or exit 0) ping without a rid on a
 * heartbeat check that is up, has a period schedule, no run open and no minimum run time, within the check's ping
 * budget (and, on a check that counts POST pings only, sent with POST). For exactly those rows `transition()` keeps the status (no flip, no duration) and sets
 * last_ping_at = now, next_deadline_at = now + period and failure_count = 0 (and the ping is
 * numbered: n_pings + 1), and `takePingBudget` opens a new window or counts the ping in the
 * current one: the UPDATE's WHERE clause restates those conditions and its SET the budget rule
 * (PING_BUDGET_* of @upmon/core, inlined), so any other row (one over its budget, or one a
 * concurrent transaction changed first: the UPDATE re-checks the row after waiting for its lock)
 * is left to the general path (`CheckBatch.applyPing`), which runs the state machine. The ping row
 * is inserted only for the checks updated, in the same statement, so either both are durable or
 * neither. Returns the indexes of `pings` stored here. test/up-stays-up.test.ts compares this
 * with the general path.
 */
export async function recordUpStaysUpPings(client: NamedQueryClient, pings: IncomingPing[]): Promise<Set<number>> {
  const perCheck = new Map<string, number>();
  for (const p of pings) perCheck.set(p.checkId, (perCheck.get(p.checkId) ?? 0) + 1);
  // Several pings for one check in a batch must be applied in order: leave them to the full path.
  // So must a ping with a rid: it may finish an overlapping run that needs measuring.
  const candidates = pings
    .map((ping, index) => ({ ping, index }))
    .filter(({ ping }) => !ping.rid && perCheck.get(ping.checkId) === 1 && (ping.type === 'success' || (ping.type === 'exit' && ping.exitStatus === 0)));
  if (candidates.length === 0) return new Set();
  const c = candidates.map(({ ping }) => ping);
  // Named, so each pool connection parses and plans it once (planning cost as much as executing
  // for the small batches of moderate load; docs/pings.md). Only the pings NOT stored come back
  // (normally none): returning every stored one cost the api a row to parse per ping. The
  // state machine works in milliseconds: v.ts_ms is the receive time cut to them, as the caller's
  // clock read it (the microseconds come from the monotonic timer).
  const { rows } = await client.query<{ check_id: string }>({
    name: 'ping-up-stays-up',
    text: `WITH v AS (
       SELECT *, date_trunc('milliseconds', v.ts) AS ts_ms
         FROM unnest($1::uuid[], $2::timestamptz[], $3::"PingType"[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::bytea[])
           AS v(id, ts, type, exit_status, source_ip, method, user_agent, body_size, body)),
     upd AS (
       UPDATE checks c SET last_ping_at = v.ts, last_ping_type = v.type, failure_count = 0, n_pings = c.n_pings + 1,
              next_deadline_at = v.ts_ms + c.period_sec * interval '1 second',
              ping_window_start = CASE WHEN ${NEW_WINDOW} THEN v.ts_ms ELSE c.ping_window_start END,
              ping_window_count = CASE WHEN ${NEW_WINDOW} THEN 1 ELSE c.ping_window_count + 1 END
         FROM v
        WHERE c.id = v.id AND c.id = ANY($1::uuid[]) AND c.kind = 'heartbeat' AND c.status = 'up'
          AND c.schedule_kind = 'period' AND c.period_sec IS NOT NULL AND c.last_start_at IS NULL
          AND c.min_run_sec IS NULL AND (NOT c.post_only OR v.method = 'POST')
          AND (c.resumed_at IS NULL OR c.resumed_at <= v.ts_ms)
          AND (${NEW_WINDOW} OR c.ping_window_count < ${PING_BUDGET_PER_WINDOW})
       RETURNING c.id, c.n_pings),
     ins AS (
       INSERT INTO pings (check_id, ts, type, exit_status, rid, source_ip, method, user_agent, body_size, body, duration_ms, n)
       SELECT v.id, v.ts, v.type, v.exit_status, NULL, v.source_ip, v.method, v.user_agent, v.body_size, v.body, NULL, upd.n_pings
         FROM v JOIN upd ON upd.id = v.id)
     SELECT v.id AS check_id FROM v LEFT JOIN upd ON upd.id = v.id WHERE upd.id IS NULL`,
    values: [
      c.map((p) => p.checkId),
      c.map((p) => p.ts),
      c.map((p) => p.type),
      c.map((p) => p.exitStatus ?? null),
      c.map((p) => p.sourceIp ?? null),
      c.map((p) => p.method),
      c.map((p) => p.userAgent ?? null),
      c.map((p) => p.bodySize),
      c.map((p) => p.body),
    ],
  });
  const notStored = new Set(rows.map((r) => r.check_id));
  return new Set(candidates.filter(({ ping }) => !notStored.has(ping.checkId)).map(({ index }) => index));
}
