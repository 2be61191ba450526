import type pg from 'pg';

/** Most flips one answer carries (a year of a flapping check would otherwise be unbounded). */
const FLIPS_MAX = 1000;

/** The check's flips other than to late, newest first, in [since, until). */
export async function listHcFlips(
  pool: pg.Pool,
  checkId: string,
  range: { since: Date | null; until: Date | null },
): Promise<{ ts: Date; new_status: string }[]> {
  const { rows } = await pool.query<{ ts: Date; new_status: string }>({
    name: 'hc-list-flips',
    text: `SELECT ts, new_status FROM flips
            WHERE check_id = $1 AND new_status <> 'late'
              AND ($2::timestamptz IS NULL OR ts >= $2) AND ($3::timestamptz IS NULL OR ts < $3)
            ORDER BY ts DESC, id DESC LIMIT $4`,
    values: [checkId, range.since?.toISOString() ?? null, range.until?.toISOString() ?? null, FLIPS_MAX],
  });
  return rows;
}
