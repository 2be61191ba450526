import type pg from 'pg';

// Timestamps are rendered by Postgres: JavaScript Dates would drop the microseconds.
const ISO_MICROS = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;

export interface PingRow {
  ts: string;
  type: string;
  exit_status: number | null;
  source_ip: string | null;
  method: string;
  body_size: number;
  duration_ms: number | null;
  /** Why the ping counted differently from its type (e.g. a run shorter than the minimum). */
  note: string | null;
  body: Buffer | null;
  user_agent: string | null;
}

export interface FlipRow {
  ts: string;
  old_status: string;
  new_status: string;
  reason: string;
  /** Probed checks: the locations whose results decided the flip; empty for other flips. */
  locations: string[];
  /** A down flip whose alerts were held while a dependency was down: that dependency. */
  held_for: { uuid: string; name: string | null } | null;
}

/**
 * Newest first; `before` (exclusive) is compared as timestamptz in SQL so a cursor taken from a
 * response keeps its microseconds. Ties on ts are ordered by id, newest first.
 */
export async function listPings(pool: pg.Pool, checkId: string, limit: number, before?: string): Promise<PingRow[]> {
  const { rows } = await pool.query<PingRow>({
    text: `SELECT ${ISO_MICROS('ts')} AS ts, type, exit_status, source_ip, method, body_size, duration_ms, note, body, user_agent
           FROM pings WHERE check_id = $1 ${before ? 'AND ts < $3::timestamptz' : ''}
           ORDER BY ts DESC, id DESC LIMIT $2`,
    values: before ? [checkId, limit, before] : [checkId, limit],
  });
  return rows;
}

export async function listFlips(pool: pg.Pool, checkId: string, limit: number, before?: string): Promise<FlipRow[]> {
  const { rows } = await pool.query<FlipRow>({
    // held_for: the first hold of this down flip for a dependency (any integration); flips are
    // written only by check-store, the holds are the notifier's rows, joined here.
    text: `SELECT ${ISO_MICROS('f.ts')} AS ts, f.old_status, f.new_status, f.reason, f.locations,
                  (SELECT json_build_object('uuid', h.dependency_id, 'name', d.name)
                     FROM held_notifications h LEFT JOIN checks d ON d.id = h.dependency_id
                    WHERE h.flip_id = f.id AND h.cause = 'dependency' AND h.event = 'down' AND h.dependency_id IS NOT NULL
                    ORDER BY h.id LIMIT 1) AS held_for
           FROM flips f WHERE f.check_id = $1 ${before ? 'AND f.ts < $3::timestamptz' : ''}
           ORDER BY f.ts DESC, f.id DESC LIMIT $2`,
    values: before ? [checkId, limit, before] : [checkId, limit],
  });
  return rows;
}
