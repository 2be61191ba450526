import type { SqlClient } from './check-sql.js';

/**
 * Pings beyond each check's newest `keep`, for up to `limit` checks with an id above `afterId`
 * (and, with `pingedSince`, pinged since then: others cannot have gained pings). Returns the last
 * check id visited (null: the sweep is complete) and how many pings were deleted.
 */
export async function prunePings(
  client: SqlClient,
  opts: { afterId: string; pingedSince: Date | null; limit: number; keep: number },
): Promise<{ lastId: string | null; deleted: number }> {
  const { rows } = await client.query<{ last_id: string | null; deleted: string }>(
    `WITH c AS (
       SELECT id FROM checks WHERE id > $1::uuid AND ($2::timestamptz IS NULL OR last_ping_at >= $2::timestamptz)
       ORDER BY id LIMIT $3),
     cut AS (
       SELECT c.id, (SELECT p.ts FROM pings p WHERE p.check_id = c.id ORDER BY p.ts DESC OFFSET $4 LIMIT 1) AS ts FROM c),
     del AS (
       DELETE FROM pings p USING cut WHERE cut.ts IS NOT NULL AND p.check_id = cut.id AND p.ts <= cut.ts RETURNING 1)
     SELECT (SELECT max(id::text) FROM c) AS last_id, (SELECT count(*) FROM del) AS deleted`,
    [opts.afterId, opts.pingedSince?.toISOString() ?? null, opts.limit, opts.keep],
  );
  return { lastId: rows[0]?.last_id ?? null, deleted: Number(rows[0]?.deleted ?? 0) };
}

/** Up to `limit` flips older than `days` days before `now`, oldest first; returns how many. */
export async function pruneFlips(client: SqlClient, now: Date, days: number, limit: number): Promise<number> {
  const { rowCount } = await client.query(
    `DELETE FROM flips WHERE id IN (
       SELECT id FROM flips WHERE ts < $1::timestamptz - make_interval(days => $2) ORDER BY ts LIMIT $3)`,
    [now.toISOString(), days, limit],
  );
  return rowCount ?? 0;
}
