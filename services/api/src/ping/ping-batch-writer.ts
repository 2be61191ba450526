import { takePingBudget, transition, type CheckState, type FlipReason, type PingBudget, type PingKind } from '@upmon/core';
import {
  CHECK_STATE_COLUMNS,
  checkUpdateSql,
  flipInsertSql,
  sqlRowToState,
  TimestampTexts,
  type CheckSqlRow,
  type CheckStateWrite,
  type FlipWrite,
} from '@upmon/check-store';
import { AAD, type Cipher } from '@upmon/crypto';
import { withPgTransaction } from '@upmon/db';
import type pg from 'pg';
import type { PingTarget } from './ping-url.js';

/** One received ping, ready to store. */
export interface PingToStore {
  target: PingTarget;
  kind: PingKind;
  exitStatus: number | null;
  rid: string | null;
  method: string;
  sourceIp: string | null;
  userAgent: string | null;
  /** Bytes received (may exceed what is stored). */
  bodySize: number;
  /** The body cut to the limit, plain; encrypted here. */
  body: Buffer | null;
  /** Receive time: milliseconds for the state machine, microsecond text for the row. */
  tsMs: number;
  tsText: string;
}

/** `error`: the ping could not be stored (answered 500). */
export type StoredPing = { found: false; error?: boolean } | { found: true; checkId: string };

export interface BatchOutcome {
  results: StoredPing[];
  /** The reasons of the flips committed (for the metrics). */
  flipReasons: FlipReason[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const targetKey = (t: PingTarget) => (t.by === 'uuid' ? t.uuid : `${t.pingKey}/${t.slug}`);
const runKey = (checkId: string, rid: string) => `${checkId}/${rid}`;
const isCompletion = (kind: PingKind) => kind === 'success' || kind === 'fail' || kind === 'exit';

/**
 * The open runs that completions in this batch may finish without being the latest start on
 * their check (overlapping runs, docs/pings.md): for each (check, rid), the newest stored ping
 * with that rid other than a log, through the partial index pings_check_id_rid_ts_idx. A start
 * means the run is open since then; a completion means it is already finished (null).
 */
async function storedRunStarts(client: pg.PoolClient, pairs: { checkId: string; rid: string }[]): Promise<Map<string, Date | null>> {
  const found = new Map<string, Date | null>();
  if (pairs.length === 0) return found;
  const { rows } = await client.query<{ check_id: string; rid: string; type: PingKind; ts: Date }>(
    `SELECT t.check_id, t.rid, l.type, l.ts FROM unnest($1::uuid[], $2::uuid[]) AS t(check_id, rid)
       CROSS JOIN LATERAL (SELECT p.type, p.ts FROM pings p
                            WHERE p.check_id = t.check_id AND p.rid = t.rid AND p.rid IS NOT NULL AND p.type <> 'log'
                            ORDER BY p.ts DESC LIMIT 1) l`,
    [pairs.map((p) => p.checkId), pairs.map((p) => p.rid)],
  );
  for (const r of rows) found.set(runKey(r.check_id, r.rid), r.type === 'start' ? r.ts : null);
  return found;
}

type LockedRow = CheckSqlRow & { ping_window_start: Date | null; ping_window_count: number };

/**
 * Stores a batch of pings in ONE transaction (raw SQL: this is the ingest hot path, where Prisma
 * model calls are far too slow): resolves and locks the checks in id order (no deadlocks between
 * concurrent batches), runs the pure state machine on each locked row in arrival order, then
 * inserts the pings, updates the checks and inserts the flips in a single statement.
 * A heartbeat ping other than `log` runs the state machine only within the check's ping budget
 * (`takePingBudget`: 60 a minute); beyond it the ping is stored and changes nothing.
 * Resolves only after COMMIT, so every ping answered OK is durable.
 */
export async function writePingBatch(pool: pg.Pool, cipher: Cipher, items: PingToStore[]): Promise<BatchOutcome> {
  // BEGIN is sent by the locking SELECT below.
  return withPgTransaction(
    pool,
    async (client) => {
      const idByKey = new Map<string, string>();
      const slugTargets = items.flatMap((i) => (i.target.by === 'slug' ? [i.target] : []));
      if (slugTargets.length > 0) {
        const { rows } = await client.query<{ id: string; ping_key: string; slug: string }>(
          `SELECT c.id, p.ping_key, c.slug FROM unnest($1::text[], $2::text[]) AS t(k, s)
             JOIN projects p ON p.ping_key = t.k JOIN checks c ON c.project_id = p.id AND c.slug = t.s`,
          [slugTargets.map((t) => t.pingKey), slugTargets.map((t) => t.slug)],
        );
        for (const r of rows) idByKey.set(`${r.ping_key}/${r.slug}`, r.id);
      }
      for (const i of items) if (i.target.by === 'uuid') idByKey.set(i.target.uuid, i.target.uuid);
      const ids = [...new Set(idByKey.values())].filter((id) => UUID.test(id));
      // BEGIN and the locking SELECT in one round trip (simple query protocol, so no parameters: the
      // ids are UUIDs, validated by the URL parser or read from the database, safe to inline).
      const lockResults = (await client.query(
        `BEGIN; SELECT ${CHECK_STATE_COLUMNS}, c.ping_window_start, c.ping_window_count
                  FROM checks c WHERE c.id = ANY('{${ids.join(',')}}'::uuid[]) ORDER BY c.id FOR UPDATE`,
      )) as unknown as { rows: LockedRow[] }[];
      const locked = lockResults[1]?.rows ?? [];
      const checks = new Map<
        string,
        { row: LockedRow; state: CheckState; texts: TimestampTexts; changed: boolean; lastPingType: PingKind | null; nPings: number; budget: PingBudget }
      >();
      // Open runs by (check, rid) as this batch moves them: the latest start on each row, then
      // every start and completion of the batch in order; what is not here is looked up.
      const runs = new Map<string, Date | null>();
      for (const row of locked) {
        checks.set(row.id, {
          row,
          state: sqlRowToState(row),
          texts: TimestampTexts.ofRow(row),
          changed: false,
          lastPingType: null,
          nPings: row.n_pings,
          budget: { windowStart: row.ping_window_start, count: row.ping_window_count },
        });
        if (row.last_start_rid && row.last_start_at) runs.set(runKey(row.id, row.last_start_rid), row.last_start_at);
      }
      const lookups = new Map<string, { checkId: string; rid: string }>();
      for (const item of items) {
        const id = idByKey.get(targetKey(item.target));
        const row = id ? checks.get(id)?.row : undefined;
        if (row && item.rid && isCompletion(item.kind) && item.rid !== row.last_start_rid) lookups.set(runKey(row.id, item.rid), { checkId: row.id, rid: item.rid });
      }
      const stored = await storedRunStarts(client, [...lookups.values()]);

      const results: StoredPing[] = [];
      const pingRows: { item: PingToStore; checkId: string; durationMs: number | null; n: number }[] = [];
      const flips: FlipWrite[] = [];
      for (const item of items) {
        const id = idByKey.get(targetKey(item.target));
        const c = id ? checks.get(id) : undefined;
        if (!c || !id) {
          results.push({ found: false });
          continue;
        }
        let durationMs: number | null = null;
        // Every ping is numbered, so the row is written even when its state does not move.
        c.nPings += 1;
        c.changed = true;
        const n = c.nPings;
        // HTTP checks are watched by the prober: a ping URL hit is recorded but cannot mark them up.
        if (c.row.kind === 'heartbeat') {
          const now = new Date(item.tsMs);
          const key = item.rid ? runKey(id, item.rid) : null;
          const spend = item.kind === 'log' ? null : takePingBudget(c.budget, now);
          let r: ReturnType<typeof transition> | null = null;
          if (!spend || spend.applied) {
            const runStartedAt = key && isCompletion(item.kind) ? (runs.has(key) ? runs.get(key) : stored.get(key)) ?? null : null;
            try {
              r = transition(c.state, { type: 'ping', kind: item.kind, exitStatus: item.exitStatus, rid: item.rid, runStartedAt }, now);
            } catch {
              // A schedule that cannot be evaluated (ScheduleError) must not lose the ping: record it only.
            }
          }
          if (!r) {
            // Over the check's ping budget (or unevaluable): stored and numbered, changes nothing else.
            pingRows.push({ item, checkId: id, durationMs: null, n });
            results.push({ found: true, checkId: id });
            continue;
          }
          if (spend) c.budget = spend.budget;
          if (key && item.kind === 'start') runs.set(key, now);
          if (key && isCompletion(item.kind)) runs.set(key, null);
          c.texts.add(now, item.tsText);
          c.state = r.state;
          if (item.kind !== 'log') c.lastPingType = item.kind;
          durationMs = r.durationMs;
          if (r.flip) flips.push({ checkId: id, projectId: c.row.project_id, flip: r.flip });
        }
        pingRows.push({ item, checkId: id, durationMs, n });
        results.push({ found: true, checkId: id });
      }

      if (pingRows.length > 0) {
        const writes: CheckStateWrite[] = [...checks.values()]
          .filter((c) => c.changed)
          .map((c) => ({ id: c.row.id, state: c.state, texts: c.texts, lastPingType: c.lastPingType, nPings: c.nPings, pingBudget: c.budget }));
        const pingValues = [
          pingRows.map((p) => p.checkId),
          pingRows.map((p) => p.item.tsText),
          pingRows.map((p) => p.item.kind),
          pingRows.map((p) => p.item.exitStatus),
          pingRows.map((p) => p.item.rid),
          pingRows.map((p) => p.item.sourceIp),
          pingRows.map((p) => p.item.method),
          pingRows.map((p) => p.item.userAgent),
          pingRows.map((p) => p.item.bodySize),
          pingRows.map((p) => (p.item.body && p.item.body.length > 0 ? cipher.encrypt(p.item.body, AAD.pingBody(p.checkId)) : null)),
          pingRows.map((p) => p.durationMs),
          pingRows.map((p) => p.n),
        ];
        const u = checkUpdateSql(writes, 1 + pingValues.length, { pingBudget: true });
        const f = flipInsertSql(flips, 1 + pingValues.length + u.values.length);
        await client.query(
          `WITH ins AS (
             INSERT INTO pings (check_id, ts, type, exit_status, rid, source_ip, method, user_agent, body_size, body, duration_ms, n)
             SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"PingType"[], $4::int[], $5::uuid[], $6::text[], $7::text[],
                                  $8::text[], $9::int[], $10::bytea[], $11::int[], $12::int[])
             RETURNING 1),
           upd AS (${u.sql} RETURNING 1),
           f AS (${f.sql})
           SELECT id, check_id FROM f`,
          [...pingValues, ...u.values, ...f.values],
        );
      }
      return { results, flipReasons: flips.map((f) => f.flip.reason) };
    },
    { begin: false },
  );
}
