import type pg from 'pg';

export interface HcPingRow {
  /** Python's isoformat: microseconds unless there are none, `+00:00`. */
  date: string;
  type: 'success' | 'start' | 'fail' | 'exit' | 'log';
  exit_status: number | null;
  n: number | null;
  rid: string | null;
  source_ip: string | null;
  method: string;
  user_agent: string | null;
  duration_ms: number | null;
  /** Why the ping counted differently (e.g. ignored while the check was paused). */
  note: string | null;
  has_body: boolean;
}

/** Newest first (by ts, then id), at most `limit`. */
export async function listHcPings(pool: pg.Pool, checkId: string, limit: number): Promise<HcPingRow[]> {
  const { rows } = await pool.query<HcPingRow>({
    name: 'hc-list-pings',
    text: `SELECT CASE WHEN extract(microseconds FROM ts)::bigint % 1000000 = 0
                       THEN to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')
                       ELSE to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"') END AS date,
                  type, exit_status, n, rid, source_ip, method, user_agent, duration_ms, note, body IS NOT NULL AS has_body
             FROM pings WHERE check_id = $1 ORDER BY ts DESC, id DESC LIMIT $2`,
    values: [checkId, limit],
  });
  return rows;
}

/** The sealed body of the check's ping number `n`, or null (no such ping, or no body). */
export async function findPingBody(pool: pg.Pool, checkId: string, n: number): Promise<Buffer | null> {
  const { rows } = await pool.query<{ body: Buffer | null }>({
    name: 'hc-ping-body',
    text: 'SELECT body FROM pings WHERE check_id = $1 AND n = $2 ORDER BY id DESC LIMIT 1',
    values: [checkId, n],
  });
  return rows[0]?.body ?? null;
}
