import type { CheckStatus } from '@upmon/core';
import type pg from 'pg';

/** What an acknowledgement link's page shows: the check, its episode, and the acknowledgement if any. */
export interface AckLinkTarget {
  checkId: string;
  checkName: string;
  status: CheckStatus;
  accountId: string;
  /** Whether the link's down flip still begins the check's current episode (down, no later down flip). */
  episodeOpen: boolean;
  acknowledged: { by: string; at: Date; via: string } | null;
}

/** The check and episode a verified link names; null when the check was deleted. */
export async function readAckLinkTarget(pool: pg.Pool, checkId: string, flipId: string): Promise<AckLinkTarget | null> {
  const { rows } = await pool.query<{
    name: string;
    status: CheckStatus;
    account_id: string;
    down_flip_id: string | null;
    acknowledged_by: string | null;
    acknowledged_at: Date | null;
    via: string | null;
  }>(
    `SELECT c.name, c.status::text AS status, p.account_id,
            (SELECT f.id::text FROM flips f WHERE f.check_id = c.id AND f.new_status = 'down' ORDER BY f.ts DESC, f.id DESC LIMIT 1) AS down_flip_id,
            a.acknowledged_by, a.acknowledged_at, a.via
       FROM checks c JOIN projects p ON p.id = c.project_id
       LEFT JOIN acknowledgements a ON a.check_id = c.id AND a.flip_id = $2::bigint
      WHERE c.id = $1`,
    [checkId, flipId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    checkId,
    checkName: r.name,
    status: r.status,
    accountId: r.account_id,
    episodeOpen: r.status === 'down' && r.down_flip_id === flipId,
    acknowledged: r.acknowledged_by && r.acknowledged_at && r.via ? { by: r.acknowledged_by, at: r.acknowledged_at, via: r.via } : null,
  };
}
