import { transition, type CheckState, type PingKind } from '@upmon/core';
import {
  CHECK_STATE_COLUMNS,
  checkUpdateSql,
  flipInsertSql,
  sqlRowToState,
  TimestampTexts,
  type CheckSqlRow,
  type CheckStateWrite,
  type CommittedFlip,
  type FlipWrite,
} from '@upmon/check-store';
import type { Cipher } from '@upmon/crypto';
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
  flips: CommittedFlip[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const targetKey = (t: PingTarget) => (t.by === 'uuid' ? t.uuid : `${t.pingKey}/${t.slug}`);

/**
 * Stores a batch of pings in ONE transaction (raw SQL: this is the ingest hot path, where Prisma
 * model calls are far too slow): resolves and locks the checks in id order (no deadlocks between
 * concurrent batches), runs the pure state machine on each locked row in arrival order, then
 * inserts the pings, updates the checks and inserts the flips in a single statement.
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
        `BEGIN; SELECT ${CHECK_STATE_COLUMNS} FROM checks c WHERE c.id = ANY('{${ids.join(',')}}'::uuid[]) ORDER BY c.id FOR UPDATE`,
      )) as unknown as { rows: CheckSqlRow[] }[];
      const locked = lockResults[1]?.rows ?? [];
      const checks = new Map<string, { row: CheckSqlRow; state: CheckState; texts: TimestampTexts; changed: boolean; lastPingType: PingKind | null }>();
      for (const row of locked) checks.set(row.id, { row, state: sqlRowToState(row), texts: TimestampTexts.ofRow(row), changed: false, lastPingType: null });

      const results: StoredPing[] = [];
      const pingRows: { item: PingToStore; checkId: string; durationMs: number | null }[] = [];
      const flips: FlipWrite[] = [];
      for (const item of items) {
        const id = idByKey.get(targetKey(item.target));
        const c = id ? checks.get(id) : undefined;
        if (!c || !id) {
          results.push({ found: false });
          continue;
        }
        let durationMs: number | null = null;
        // HTTP checks are watched by the prober: a ping URL hit is recorded but cannot mark them up.
        if (c.row.kind === 'heartbeat') {
          const now = new Date(item.tsMs);
          let r: ReturnType<typeof transition>;
          try {
            r = transition(c.state, { type: 'ping', kind: item.kind, exitStatus: item.exitStatus, rid: item.rid }, now);
          } catch {
            // A schedule that cannot be evaluated (ScheduleError) must not lose the ping: record it only.
            pingRows.push({ item, checkId: id, durationMs: null });
            results.push({ found: true, checkId: id });
            continue;
          }
          c.texts.add(now, item.tsText);
          c.state = r.state;
          c.changed = true;
          if (item.kind !== 'log') c.lastPingType = item.kind;
          durationMs = r.durationMs;
          if (r.flip) flips.push({ checkId: id, projectId: c.row.project_id, flip: r.flip });
        }
        pingRows.push({ item, checkId: id, durationMs });
        results.push({ found: true, checkId: id });
      }

      let committedFlips: CommittedFlip[] = [];
      if (pingRows.length > 0) {
        const writes: CheckStateWrite[] = [...checks.values()]
          .filter((c) => c.changed)
          .map((c) => ({ id: c.row.id, state: c.state, texts: c.texts, lastPingType: c.lastPingType }));
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
          pingRows.map((p) => (p.item.body && p.item.body.length > 0 ? cipher.encrypt(p.item.body) : null)),
          pingRows.map((p) => p.durationMs),
        ];
        const u = checkUpdateSql(writes, 1 + pingValues.length);
        const f = flipInsertSql(flips, 1 + pingValues.length + u.values.length);
        const { rows } = await client.query<{ id: string; check_id: string }>(
          `WITH ins AS (
             INSERT INTO pings (check_id, ts, type, exit_status, rid, source_ip, method, user_agent, body_size, body, duration_ms)
             SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"PingType"[], $4::int[], $5::uuid[], $6::text[], $7::text[],
                                  $8::text[], $9::int[], $10::bytea[], $11::int[])
             RETURNING 1),
           upd AS (${u.sql} RETURNING 1),
           f AS (${f.sql})
           SELECT id, check_id FROM f`,
          [...pingValues, ...u.values, ...f.values],
        );
        committedFlips = rows.map((r) => ({ id: BigInt(r.id), checkId: r.check_id }));
      }
      return { results, flips: committedFlips };
    },
    { begin: false },
  );
}
