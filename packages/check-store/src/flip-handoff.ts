import type { CheckStatus, FlipReason } from '@upmon/core';
import type { SqlClient } from './check-sql.js';

/**
 * How committed flips reach the notifier (docs/architecture.md, "Flips handed on from
 * PostgreSQL"): a flip that notifies somebody is inserted with `fanned_out_at` null; notifiers
 * claim waiting flips in id order with FOR UPDATE SKIP LOCKED, put their delivery jobs in Redis and
 * set `fanned_out_at` in the same transaction. A notifier that dies mid-way rolls back, and the
 * flips wait for the next claim. An AFTER INSERT trigger NOTIFYs this channel (once per statement
 * that inserted a waiting flip); notifiers also poll.
 */
export const FLIPS_WAITING_CHANNEL = 'upmon_flips';

export interface WaitingFlip {
  id: string;
  checkId: string;
  projectId: string;
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  reason: FlipReason;
  ts: Date;
}

/**
 * Locks up to `limit` waiting flips, oldest first, skipping those another notifier holds. Run it in
 * a transaction that ends with `markFannedOut` (or a rollback, which hands them back).
 *
 * The scan must walk the partial index in id order and stop at `limit`. Right after a burst the
 * table's statistics are stale (a few hundred waiting rows estimated for ten thousand), and the
 * planner then prefers a bitmap scan of every waiting row plus a sort, 30-50× the work per claim,
 * and blind to the index entries of flips fanned out since (which an index scan learns to skip).
 * So bitmap scans are off for this one statement (simple protocol: the three statements are one
 * round trip; `limit` is a checked integer).
 */
export async function claimWaitingFlips(client: SqlClient, limit: number): Promise<WaitingFlip[]> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`claim limit must be a positive integer, got ${limit}`);
  const results = (await client.query(
    `SET LOCAL enable_bitmapscan = off;
     SELECT id::text AS id, check_id AS "checkId", project_id AS "projectId", old_status::text AS "oldStatus",
            new_status::text AS "newStatus", reason::text AS reason, ts
       FROM flips WHERE fanned_out_at IS NULL ORDER BY flips.id LIMIT ${limit} FOR UPDATE SKIP LOCKED;
     SET LOCAL enable_bitmapscan = on`,
  )) as unknown as { rows: WaitingFlip[] }[];
  return results[1]?.rows ?? [];
}

/** Marks claimed flips fanned out (in the claiming transaction). */
export async function markFannedOut(client: SqlClient, flipIds: string[]): Promise<void> {
  if (flipIds.length === 0) return;
  await client.query('UPDATE flips SET fanned_out_at = now() WHERE id = ANY($1::bigint[])', [flipIds]);
}

/**
 * Redis lost its data: hands flips fanned out since `since` back to the notifiers, up to `limit`
 * with an id above `afterId` (a keyset cursor: a flip handed back and fanned out again meanwhile is
 * behind it, so it is not handed twice), and wakes them. Returns how many and the last id.
 */
export async function handBackFannedOut(client: SqlClient, since: Date, afterId: string, limit: number): Promise<{ n: number; lastId: string | null }> {
  const { rows } = await client.query<{ last: string | null; n: number }>(
    `WITH handed AS (
       UPDATE flips SET fanned_out_at = NULL
        WHERE id IN (SELECT id FROM flips WHERE id > $2::bigint AND fanned_out_at >= $1 ORDER BY id LIMIT $3)
       RETURNING id)
     SELECT max(id)::text AS last, count(*)::int AS n FROM handed`,
    [since.toISOString(), afterId, limit],
  );
  const n = rows[0]?.n ?? 0;
  if (n > 0) await client.query(`SELECT pg_notify('${FLIPS_WAITING_CHANNEL}', '')`);
  return { n, lastId: rows[0]?.last ?? null };
}

/** The id just below the first flip fanned out since `since` (where `handBackFannedOut` starts), or null. */
export async function firstFannedOutSince(client: SqlClient, since: Date): Promise<string | null> {
  const { rows } = await client.query<{ start: string | null }>('SELECT (min(id) - 1)::text AS start FROM flips WHERE fanned_out_at >= $1', [
    since.toISOString(),
  ]);
  return rows[0]?.start ?? null;
}

/** Counting stops here: past it the figure is "at least", and the scrape stays cheap. */
const BACKLOG_COUNT_CAP = 100_000;

/** Flips committed but not yet fanned out: how many, and the age of the oldest (seconds). */
export async function readWaitingFlipsBacklog(client: SqlClient): Promise<{ count: number; oldestAgeSeconds: number }> {
  const { rows } = await client.query<{ count: number; oldest: number }>(
    `SELECT count(*)::int AS count, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
       FROM (SELECT created_at FROM flips WHERE fanned_out_at IS NULL ORDER BY id LIMIT $1) f`,
    [BACKLOG_COUNT_CAP],
  );
  return { count: rows[0]?.count ?? 0, oldestAgeSeconds: rows[0]?.oldest ?? 0 };
}
