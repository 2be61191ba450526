import type pg from 'pg';

/**
 * The two settings only the Healthchecks API writes (upmon's own check input has neither): the
 * grace the client asked for when upmon watches with less, and POST-only pings. Written after the
 * check service saved the rest; until then the check reports its stored grace and counts every
 * method, which is what it did before.
 */
export async function saveHcSettings(pool: pg.Pool, checkId: string, s: { hcGraceSec: number | null; postOnly: boolean }): Promise<void> {
  await pool.query({
    name: 'hc-save-settings',
    text: `UPDATE checks SET hc_grace_sec = $2, post_only = $3, updated_at = now()
            WHERE id = $1 AND (hc_grace_sec IS DISTINCT FROM $2 OR post_only <> $3)`,
    values: [checkId, s.hcGraceSec, s.postOnly],
  });
}
