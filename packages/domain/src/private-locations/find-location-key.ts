import { locationKeyHash } from '@upmon/crypto';
import type pg from 'pg';

/** What a remote prober's key stands for. */
export interface LocationKeyRow {
  id: string;
  accountId: string;
  code: string;
  name: string;
  lastSeenAt: Date | null;
}

/**
 * The live private location a key belongs to (its current key, or a rotated-out one still in its
 * grace), or null: unknown, malformed, revoked or expired. One indexed query per request, no cache,
 * so a revocation holds from the next request on every api replica.
 */
export async function findLocationByKey(pool: pg.Pool, key: string, now: Date): Promise<LocationKeyRow | null> {
  const hash = locationKeyHash(key);
  if (!hash) return null;
  const { rows } = await pool.query<{ id: string; account_id: string; code: string; name: string; last_seen_at: Date | null }>(
    `SELECT id, account_id, code, name, last_seen_at FROM private_locations
      WHERE revoked_at IS NULL AND (key_hash = $1 OR (previous_key_hash = $1 AND previous_key_expires_at > $2))`,
    [hash, now],
  );
  const r = rows[0];
  return r ? { id: r.id, accountId: r.account_id, code: r.code, name: r.name, lastSeenAt: r.last_seen_at } : null;
}

/** Stamps when the location's prober last asked (at most once a minute per location). */
export async function touchPrivateLocation(pool: pg.Pool, id: string, now: Date): Promise<void> {
  await pool.query(`UPDATE private_locations SET last_seen_at = $2 WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < $2 - interval '1 minute')`, [
    id,
    now,
  ]);
}
