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
    text: `SELECT ${ISO_MICROS('ts')} AS ts, old_status, new_status, reason
           FROM flips WHERE check_id = $1 ${before ? 'AND ts < $3::timestamptz' : ''}
           ORDER BY ts DESC, id DESC LIMIT $2`,
    values: before ? [checkId, limit, before] : [checkId, limit],
  });
  return rows;
}
