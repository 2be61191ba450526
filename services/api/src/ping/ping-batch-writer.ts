import { CheckBatch, type IncomingPing } from '@upmon/check-store';
import { IGNORED_PING, isIgnoredPingNote, type FlipReason, type PingKind, type TransitionResult } from '@upmon/core';
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
  /** The body cut to the limit, plain; encrypted when stored. */
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

/** The ping as stored (its body encrypted for its check) with its check; `applied`: what the state machine made of it. */
export function pingWrite(cipher: Cipher, item: PingToStore, checkId: string, applied: Pick<TransitionResult, 'durationMs' | 'note'> | null): IncomingPing {
  return {
    checkId,
    ts: item.tsText,
    type: item.kind,
    exitStatus: item.exitStatus,
    rid: item.rid,
    sourceIp: item.sourceIp,
    method: item.method,
    userAgent: item.userAgent,
    bodySize: item.bodySize,
    body: item.body && item.body.length > 0 ? cipher.encrypt(item.body, AAD.pingBody(checkId)) : null,
    durationMs: applied?.durationMs ?? null,
    note: applied?.note ?? null,
  };
}

/**
 * Stores a batch of pings in ONE transaction through check-store's `CheckBatch` (raw SQL: this is
 * the ingest hot path): resolves the targets, locks the checks in id order (BEGIN in the same
 * round trip), runs the state machine on each in arrival order, then writes pings, checks and
 * flips in a single statement. What is ping-specific stays here: slug targets and the rid pairing
 * of overlapping runs (the ping budget is the batch's `applyPing`). Resolves only after COMMIT, so
 * every ping answered OK is durable.
 */
export async function writePingBatch(pool: pg.Pool, cipher: Cipher, items: PingToStore[]): Promise<BatchOutcome> {
  return withPgTransaction(
    pool,
    async (client) => {
      const idByKey = new Map<string, string>();
      const slugTargets = items.flatMap((i) => (i.target.by === 'slug' ? [i.target] : []));
      if (slugTargets.length > 0) {
        // Before BEGIN (sent with the lock below): a plain read, autocommitted.
        const { rows } = await client.query<{ id: string; ping_key: string; slug: string }>(
          `SELECT c.id, p.ping_key, c.slug FROM unnest($1::text[], $2::text[]) AS t(k, s)
             JOIN projects p ON p.ping_key = t.k JOIN checks c ON c.project_id = p.id AND c.slug = t.s`,
          [slugTargets.map((t) => t.pingKey), slugTargets.map((t) => t.slug)],
        );
        for (const r of rows) idByKey.set(`${r.ping_key}/${r.slug}`, r.id);
      }
      for (const i of items) if (i.target.by === 'uuid') idByKey.set(i.target.uuid, i.target.uuid);
      const batch = await CheckBatch.lock(client, [...idByKey.values()], { begin: true, pingBudget: true });

      // Open runs by (check, rid) as this batch moves them: the latest start on each row, then
      // every start and completion of the batch in order; what is not here is looked up.
      const runs = new Map<string, Date | null>();
      const lookups = new Map<string, { checkId: string; rid: string }>();
      for (const item of items) {
        const id = idByKey.get(targetKey(item.target));
        const row = id ? batch.get(id)?.row : undefined;
        if (!row) continue;
        if (row.last_start_rid && row.last_start_at) runs.set(runKey(row.id, row.last_start_rid), row.last_start_at);
        if (item.rid && isCompletion(item.kind) && item.rid !== row.last_start_rid) lookups.set(runKey(row.id, item.rid), { checkId: row.id, rid: item.rid });
      }
      const stored = await storedRunStarts(client, [...lookups.values()]);

      const results: StoredPing[] = [];
      for (const item of items) {
        const id = idByKey.get(targetKey(item.target));
        const c = id ? batch.get(id) : undefined;
        if (!c || !id) {
          results.push({ found: false });
          continue;
        }
        results.push({ found: true, checkId: id });
        // Recorded, numbered, and noted as ignored: pings to an http check (the prober alone says
        // whether its endpoint is up) and HEAD/GET pings to a check that counts POST pings only.
        const ignored = c.row.kind !== 'heartbeat' ? IGNORED_PING.httpCheck : c.row.post_only && item.method !== 'POST' ? IGNORED_PING.postOnly : null;
        if (ignored) {
          batch.recordPing(id, pingWrite(cipher, item, id, { durationMs: null, note: ignored }));
          continue;
        }
        const now = new Date(item.tsMs);
        const key = item.rid ? runKey(id, item.rid) : null;
        const runStartedAt = key && isCompletion(item.kind) ? ((runs.has(key) ? runs.get(key) : stored.get(key)) ?? null) : null;
        const r = batch.applyPing(id, { type: 'ping', kind: item.kind, exitStatus: item.exitStatus, rid: item.rid, runStartedAt }, now, item.tsText);
        // Null: the schedule cannot be evaluated; an ignored result: paused, or over the ping
        // budget. Either way stored and numbered, and nothing else changes.
        if (!r || isIgnoredPingNote(r.note)) {
          batch.recordPing(id, pingWrite(cipher, item, id, r));
          continue;
        }
        if (key && item.kind === 'start') runs.set(key, now);
        if (key && isCompletion(item.kind)) runs.set(key, null);
        // last_ping_type follows last_ping_at: completions only (a start or a log does not move it).
        batch.recordPing(id, pingWrite(cipher, item, id, r), isCompletion(item.kind) ? item.kind : undefined);
      }
      await batch.write(client);
      return { results, flipReasons: batch.flipRecords().map((f) => f.reason) };
    },
    { begin: false },
  );
}
