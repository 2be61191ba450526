import type { CheckState, FlipRecord, PingBudget, PingKind } from '@upmon/core';
import { confirmationsOf, scheduleOf } from './check-state-mapper.js';
import { flipNotifies } from './flip-notifies.js';
import { probeSettingsSql } from './probe-columns.js';

/**
 * Raw-SQL access to check state (Prisma model calls are too slow on the hot paths: one statement
 * per batch instead of several per check): the columns and row type `CheckBatch` locks and reads,
 * and the batched statements it writes with.
 */

/** Minimal pg client surface (pg.PoolClient satisfies it). */
export interface SqlClient {
  query<R = any>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** Columns to select (from `checks c`) to build a CheckState with `sqlRowToState`. */
export const CHECK_STATE_COLUMNS = `c.id, c.project_id, c.kind, c.status, c.schedule_kind, c.period_sec, c.cron, c.oncalendar, c.tz,
  c.grace_sec, c.last_ping_at, c.last_ping_at::text AS last_ping_at_text, c.last_start_at, c.last_start_at::text AS last_start_at_text,
  c.last_start_rid, c.last_duration_ms, c.resumed_at, c.resumed_at::text AS resumed_at_text, c.next_deadline_at,
  c.next_deadline_at::text AS next_deadline_at_text, c.failure_count, c.n_pings,
  (${probeSettingsSql('c')})->'confirmations' AS confirmations, c.min_run_sec, c.post_only`;

export interface CheckSqlRow {
  id: string;
  project_id: string;
  kind: CheckState['kind'];
  status: CheckState['status'];
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
  grace_sec: number;
  last_ping_at: Date | null;
  last_ping_at_text: string | null;
  last_start_at: Date | null;
  last_start_at_text: string | null;
  last_start_rid: string | null;
  last_duration_ms: number | null;
  resumed_at: Date | null;
  resumed_at_text: string | null;
  next_deadline_at: Date | null;
  next_deadline_at_text: string | null;
  failure_count: number;
  /** Pings received so far; the next ping is number n_pings + 1. */
  n_pings: number;
  confirmations: unknown;
  min_run_sec: number | null;
  /** Only POST pings count (Healthchecks' `methods: "POST"`); others are recorded as ignored. */
  post_only: boolean;
}

export function sqlRowToState(row: CheckSqlRow): CheckState {
  return {
    kind: row.kind,
    status: row.status,
    schedule: scheduleOf({ scheduleKind: row.schedule_kind, periodSec: row.period_sec, cron: row.cron, oncalendar: row.oncalendar, tz: row.tz }),
    graceSec: row.grace_sec,
    lastPingAt: row.last_ping_at,
    lastStartAt: row.last_start_at,
    lastStartRid: row.last_start_rid,
    lastDurationMs: row.last_duration_ms,
    resumedAt: row.resumed_at,
    nextDeadlineAt: row.next_deadline_at,
    failureCount: row.failure_count,
    confirmations: confirmationsOf(row.kind, row.confirmations),
    minRunSec: row.min_run_sec,
  };
}

/**
 * JavaScript dates have milliseconds; Postgres keeps microseconds. A timestamp the transition
 * did not change is written back from its original text so no microseconds are lost; `extra`
 * maps further known instants (e.g. the ping's own microsecond ts) to their text.
 */
export class TimestampTexts {
  private readonly known = new Map<number, string>();
  add(d: Date | null, text: string | null): this {
    if (d && text) this.known.set(d.getTime(), text);
    return this;
  }
  static ofRow(row: CheckSqlRow): TimestampTexts {
    return new TimestampTexts()
      .add(row.last_ping_at, row.last_ping_at_text)
      .add(row.last_start_at, row.last_start_at_text)
      .add(row.resumed_at, row.resumed_at_text)
      .add(row.next_deadline_at, row.next_deadline_at_text);
  }
  text(d: Date | null): string | null {
    if (!d) return null;
    return this.known.get(d.getTime()) ?? d.toISOString();
  }
}

export interface CheckStateWrite {
  id: string;
  state: CheckState;
  texts: TimestampTexts;
  /** Set when a ping (other than log) was recorded: checks.last_ping_type. */
  lastPingType?: PingKind | null;
  /** Set when pings were recorded: checks.n_pings after them (the last ping's number). */
  nPings?: number | null;
  /** The ping budget after the pings applied (written only with `checkUpdateSql(…, { pingBudget: true })`). */
  pingBudget?: PingBudget;
}

export interface FlipWrite {
  checkId: string;
  projectId: string;
  flip: FlipRecord;
  /** Probed checks: what decided the flip, encrypted (flips.cause, `CheckBatch.keepFlipCause`). */
  cause?: Buffer | null;
}

/**
 * Parameters and SQL of the batched state update, to embed in a larger statement. With
 * `pingBudget` (the ping receiver) it also writes each check's ping budget; other writers leave
 * those columns alone.
 */
export function checkUpdateSql(writes: CheckStateWrite[], firstParam: number, opts: { pingBudget?: boolean } = {}): { sql: string; values: unknown[] } {
  const p = (i: number) => `$${firstParam + i}`;
  const budget = opts.pingBudget
    ? {
        set: `, ping_window_start = v.ping_window_start, ping_window_count = v.ping_window_count`,
        from: `, ${p(11)}::timestamptz[], ${p(12)}::int[]`,
        as: ', ping_window_start, ping_window_count',
      }
    : { set: '', from: '', as: '' };
  const sql = `UPDATE checks AS c SET status = v.status::"CheckStatus", last_ping_at = v.last_ping_at,
      last_ping_type = COALESCE(v.last_ping_type::"PingType", c.last_ping_type), last_start_at = v.last_start_at,
      last_start_rid = v.last_start_rid, last_duration_ms = v.last_duration_ms, resumed_at = v.resumed_at,
      next_deadline_at = v.next_deadline_at, failure_count = v.failure_count, n_pings = COALESCE(v.n_pings, c.n_pings)${budget.set}
    FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::timestamptz[], ${p(3)}::text[], ${p(4)}::timestamptz[], ${p(5)}::uuid[],
                ${p(6)}::int[], ${p(7)}::timestamptz[], ${p(8)}::timestamptz[], ${p(9)}::int[], ${p(10)}::int[]${budget.from})
      AS v(id, status, last_ping_at, last_ping_type, last_start_at, last_start_rid, last_duration_ms, resumed_at, next_deadline_at, failure_count, n_pings${budget.as})
    WHERE c.id = v.id AND c.id = ANY(${p(0)}::uuid[])`;
  // The redundant "c.id = ANY(ids)" lets the planner use the primary key: without it, it hashes
  // the unnest (estimated at a few rows) against a sequential scan of the whole checks table.
  const values = [
    writes.map((w) => w.id),
    writes.map((w) => w.state.status),
    writes.map((w) => w.texts.text(w.state.lastPingAt)),
    writes.map((w) => w.lastPingType ?? null),
    writes.map((w) => w.texts.text(w.state.lastStartAt)),
    writes.map((w) => w.state.lastStartRid),
    writes.map((w) => w.state.lastDurationMs),
    writes.map((w) => w.texts.text(w.state.resumedAt)),
    writes.map((w) => w.texts.text(w.state.nextDeadlineAt)),
    writes.map((w) => w.state.failureCount),
    writes.map((w) => w.nPings ?? null),
  ];
  if (opts.pingBudget) {
    values.push(
      writes.map((w) => w.pingBudget?.windowStart?.toISOString() ?? null),
      writes.map((w) => w.pingBudget?.count ?? 0),
    );
  }
  return { sql, values };
}

/**
 * Parameters and SQL of the batched flip insert (RETURNING id, check_id). A flip that notifies
 * somebody waits for the notifier's fan-out (`fanned_out_at` null); the others are inserted done.
 */
export function flipInsertSql(flips: FlipWrite[], firstParam: number): { sql: string; values: unknown[] } {
  const p = (i: number) => `$${firstParam + i}`;
  // A flip's locations travel as one comma-joined text each (location names hold no commas):
  // unnest cannot take arrays of different lengths.
  const sql = `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at, locations, cause)
    SELECT f.c, f.p, f.t, f.o, f.n, f.r, CASE WHEN f.w THEN NULL ELSE now() END, string_to_array(f.l, ','), f.x
      FROM unnest(${p(0)}::uuid[], ${p(1)}::uuid[], ${p(2)}::timestamptz[], ${p(3)}::"CheckStatus"[], ${p(4)}::"CheckStatus"[], ${p(5)}::"FlipReason"[], ${p(6)}::bool[],
                  ${p(7)}::text[], ${p(8)}::bytea[])
           AS f(c, p, t, o, n, r, w, l, x)
    RETURNING id, check_id`;
  const values = [
    flips.map((f) => f.checkId),
    flips.map((f) => f.projectId),
    flips.map((f) => f.flip.ts.toISOString()),
    flips.map((f) => f.flip.oldStatus),
    flips.map((f) => f.flip.newStatus),
    flips.map((f) => f.flip.reason),
    flips.map((f) => flipNotifies(f.flip)),
    flips.map((f) => (f.flip.locations ?? []).join(',')),
    flips.map((f) => f.cause ?? null),
  ];
  return { sql, values };
}
