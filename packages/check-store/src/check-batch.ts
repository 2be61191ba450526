import {
  applyDueDeadlines,
  IGNORED_PING,
  rearmAfterRestore,
  takePingBudget,
  transition,
  type CheckEvent,
  type CheckState,
  type FlipRecord,
  type PingBudget,
  type PingKind,
  type TransitionResult,
} from '@upmon/core';
import {
  CHECK_STATE_COLUMNS,
  checkUpdateSql,
  flipInsertSql,
  sqlRowToState,
  TimestampTexts,
  type CheckSqlRow,
  type FlipWrite,
  type SqlClient,
} from './check-sql.js';

/** A locked check row, with its ping budget (read by every writer, written only by the ping receiver's batches). */
export type LockedCheckRow = CheckSqlRow & { ping_window_start: Date | null; ping_window_count: number };

/** A ping as stored: the body already encrypted (bound to its check, `AAD.pingBody`). */
export interface PingWrite {
  /** Receive time as timestamptz text (microseconds kept). */
  ts: string;
  type: PingKind;
  exitStatus?: number | null;
  rid?: string | null;
  sourceIp?: string | null;
  method: string;
  userAgent?: string | null;
  /** Bytes received (may exceed what is stored). */
  bodySize: number;
  body: Buffer | null;
  durationMs?: number | null;
  /** Why the ping counted differently from its type (core's `TransitionResult.note`). */
  note?: string | null;
  /** Probe results: the probe's phases in ms (durationMs is the total). */
  phases?: { dnsMs: number | null; connectMs: number | null; tlsMs: number | null; firstByteMs: number | null } | null;
}

/** A check of the batch as the batch moves it. */
export interface LockedCheck {
  readonly row: LockedCheckRow;
  readonly state: CheckState;
}

interface Entry extends LockedCheck {
  state: CheckState;
  budget: PingBudget;
  texts: TimestampTexts;
  changed: boolean;
  lastPingType: PingKind | null;
  nPings: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * THE writer of check state (docs/architecture.md, "One writer of check state"): every ping,
 * probe result, timeout, pause, resume and quota change goes through a batch, inside the caller's
 * transaction:
 *   1. `lock` the checks concerned (`SELECT … ORDER BY id FOR UPDATE`: concurrent batches lock
 *      shared rows in the same order, so they cannot deadlock);
 *   2. `transition` / `applyDeadlines` run core's pure state machine on each, in the order the
 *      events arrived, and `recordPing` numbers and keeps the pings;
 *   3. `write` stores the changed states, the flips and the pings in ONE statement.
 * The fast paths that skip the state machine (up-stays-up.ts, timeout-sql.ts) live beside it, each
 * with a test that compares it with this path.
 */
export class CheckBatch {
  private readonly flips: FlipWrite[] = [];
  private readonly pings: { checkId: string; n: number; ping: PingWrite }[] = [];

  private constructor(
    private readonly checks: Map<string, Entry>,
    private readonly withBudget: boolean,
  ) {}

  /**
   * Locks the checks `ids` (unknown ids are left out). `begin`: sends BEGIN with the SELECT in one
   * round trip (simple protocol, so the ids, which must be UUIDs, are inlined). `pingBudget`: the
   * batch writes the checks' ping budgets back (the ping receiver, through `applyPing`).
   */
  static async lock(client: SqlClient, ids: string[], opts: { begin?: boolean; pingBudget?: boolean } = {}): Promise<CheckBatch> {
    const unique = [...new Set(ids)].filter((id) => UUID.test(id));
    const select = `SELECT ${CHECK_STATE_COLUMNS}, c.ping_window_start, c.ping_window_count FROM checks c`;
    let rows: LockedCheckRow[];
    if (opts.begin) {
      const results = (await client.query(`BEGIN; ${select} WHERE c.id = ANY('{${unique.join(',')}}'::uuid[]) ORDER BY c.id FOR UPDATE`)) as unknown as {
        rows: LockedCheckRow[];
      }[];
      rows = results[1]?.rows ?? [];
    } else {
      rows = unique.length === 0 ? [] : (await client.query<LockedCheckRow>(`${select} WHERE c.id = ANY($1::uuid[]) ORDER BY c.id FOR UPDATE`, [unique])).rows;
    }
    const checks = new Map<string, Entry>();
    for (const row of rows) {
      checks.set(row.id, {
        row,
        state: sqlRowToState(row),
        texts: TimestampTexts.ofRow(row),
        budget: { windowStart: row.ping_window_start, count: row.ping_window_count },
        changed: false,
        lastPingType: null,
        nPings: row.n_pings,
      });
    }
    return new CheckBatch(checks, opts.pingBudget ?? false);
  }

  get(id: string): LockedCheck | undefined {
    return this.checks.get(id);
  }

  /**
   * Core's `transition` on the check; its state becomes the check's and its flip is written with
   * the batch. `nowText`: `now` with microseconds, kept where the state stores `now`. Throws what
   * `transition` throws (e.g. a schedule that cannot be evaluated), leaving the check unchanged.
   */
  transition(id: string, event: CheckEvent, now: Date, nowText?: string): TransitionResult {
    const c = this.entry(id);
    const r = transition(c.state, event, now);
    if (nowText) c.texts.add(now, nowText);
    this.update(c, r.state, r.flip ? [r.flip] : []);
    return r;
  }

  /**
   * A ping through the state machine, within the check's ping budget (`takePingBudget`: 60
   * state-changing pings a minute; logs are free). Over the budget, the result changes nothing
   * and carries the note `IGNORED_PING.overBudget`; null when the check's schedule cannot be
   * evaluated. Either way the ping is still recorded.
   */
  applyPing(id: string, event: Extract<CheckEvent, { type: 'ping' }>, now: Date, nowText: string): TransitionResult | null {
    const c = this.entry(id);
    const spend = event.kind === 'log' ? null : takePingBudget(c.budget, now);
    if (spend && !spend.applied) return { state: c.state, flip: null, durationMs: null, note: IGNORED_PING.overBudget };
    let r: TransitionResult;
    try {
      r = this.transition(id, event, now, nowText);
    } catch {
      return null; // a ScheduleError must not lose the ping: it is recorded only
    }
    if (spend) c.budget = spend.budget;
    return r;
  }

  /** Core's `applyDueDeadlines` on the check (every deadline passed by `now`); returns its flips. */
  applyDeadlines(id: string, now: Date): FlipRecord[] {
    const c = this.entry(id);
    const r = applyDueDeadlines(c.state, now);
    this.update(c, r.state, r.flips);
    return r.flips;
  }

  /** Core's `rearmAfterRestore`: deadlines counted from `restoredAt`; true when the check changed. */
  rearmAfterRestore(id: string, restoredAt: Date): boolean {
    const c = this.entry(id);
    const next = rearmAfterRestore(c.state, restoredAt);
    if (next === c.state) return false;
    this.update(c, next, []);
    return true;
  }

  /** Moves the check's deadline to `at` (written as `atText`) without a transition. */
  postpone(id: string, at: Date, atText: string): void {
    const c = this.entry(id);
    c.texts.add(at, atText);
    this.update(c, { ...c.state, nextDeadlineAt: at }, []);
  }

  /**
   * Keeps a ping of the check, numbered `n_pings + 1`; `lastPingType`: what `checks.last_ping_type`
   * becomes (pings that moved the state; not logs). Returns the ping's number.
   */
  recordPing(id: string, ping: PingWrite, lastPingType?: PingKind): number {
    const c = this.entry(id);
    c.nPings += 1;
    c.changed = true;
    if (lastPingType) c.lastPingType = lastPingType;
    this.pings.push({ checkId: id, n: c.nPings, ping });
    return c.nPings;
  }

  /** Keeps `cause` (flips.cause, encrypted) with `flip`, a flip this batch's `transition` returned. */
  keepFlipCause(flip: FlipRecord, cause: Buffer): void {
    const write = this.flips.find((f) => f.flip === flip);
    if (write) write.cause = cause;
  }

  /** The flips of the batch so far, in the order they happened. */
  flipRecords(): FlipRecord[] {
    return this.flips.map((f) => f.flip);
  }

  /** Writes the changed checks, the flips and the pings in one statement. */
  async write(client: SqlClient): Promise<void> {
    const writes = [...this.checks.values()]
      .filter((c) => c.changed)
      .map((c) => ({ id: c.row.id, state: c.state, texts: c.texts, lastPingType: c.lastPingType, nPings: c.nPings, pingBudget: c.budget }));
    if (writes.length === 0 && this.flips.length === 0 && this.pings.length === 0) return;
    const u = checkUpdateSql(writes, 1, { pingBudget: this.withBudget });
    const f = flipInsertSql(this.flips, 1 + u.values.length);
    const p = (i: number) => `$${1 + u.values.length + f.values.length + i}`;
    const pings = this.pings;
    await client.query(
      `WITH u AS (${u.sql} RETURNING 1), f AS (${f.sql}),
            p AS (INSERT INTO pings (check_id, ts, type, exit_status, rid, source_ip, method, user_agent, body_size, body, duration_ms, note, n,
                                     dns_ms, connect_ms, tls_ms, first_byte_ms)
                  SELECT * FROM unnest(${p(0)}::uuid[], ${p(1)}::timestamptz[], ${p(2)}::"PingType"[], ${p(3)}::int[], ${p(4)}::uuid[], ${p(5)}::text[],
                                       ${p(6)}::text[], ${p(7)}::text[], ${p(8)}::int[], ${p(9)}::bytea[], ${p(10)}::int[], ${p(11)}::text[], ${p(12)}::int[],
                                       ${p(13)}::int[], ${p(14)}::int[], ${p(15)}::int[], ${p(16)}::int[]))
       SELECT 1`,
      [
        ...u.values,
        ...f.values,
        pings.map((x) => x.checkId),
        pings.map((x) => x.ping.ts),
        pings.map((x) => x.ping.type),
        pings.map((x) => x.ping.exitStatus ?? null),
        pings.map((x) => x.ping.rid ?? null),
        pings.map((x) => x.ping.sourceIp ?? null),
        pings.map((x) => x.ping.method),
        pings.map((x) => x.ping.userAgent ?? null),
        pings.map((x) => x.ping.bodySize),
        pings.map((x) => x.ping.body),
        pings.map((x) => x.ping.durationMs ?? null),
        pings.map((x) => x.ping.note ?? null),
        pings.map((x) => x.n),
        pings.map((x) => x.ping.phases?.dnsMs ?? null),
        pings.map((x) => x.ping.phases?.connectMs ?? null),
        pings.map((x) => x.ping.phases?.tlsMs ?? null),
        pings.map((x) => x.ping.phases?.firstByteMs ?? null),
      ],
    );
  }

  private entry(id: string): Entry {
    const c = this.checks.get(id);
    if (!c) throw new Error(`check ${id} is not locked by this batch`);
    return c;
  }

  private update(c: Entry, state: CheckState, flips: FlipRecord[]): void {
    c.state = state;
    c.changed = true;
    for (const flip of flips) this.flips.push({ checkId: c.row.id, projectId: c.row.project_id, flip });
  }
}
