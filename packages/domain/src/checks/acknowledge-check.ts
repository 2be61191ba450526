import { withPgTransaction } from '@upmon/db';
import type pg from 'pg';
import { ApiError } from '../errors.js';

/** How an acknowledgement was given (acknowledgements.via). */
export type AcknowledgedVia = 'api' | 'web' | 'link';

/** acknowledgements.acknowledged_by is VARCHAR(200): longer names are cut. */
const ACKNOWLEDGED_BY_MAX = 200;

export interface Acknowledgement {
  by: string;
  at: Date;
  via: AcknowledgedVia;
}

export interface AcknowledgeRequest {
  checkId: string;
  /** The project the caller may act in; null for a signed alert link (the token names the check). */
  projectId: string | null;
  /** For a signed link: the down flip the link was made for; a later episode is not acknowledged by it. */
  flipId?: string;
  by: string;
  via: AcknowledgedVia;
  now: Date;
}

/**
 * Acknowledges the check's current down episode (docs/notifications.md, "Acknowledgement"): the
 * one service behind the API, the web app and the alert links. Only a down check can be
 * acknowledged (409 otherwise); a second acknowledgement of the same episode keeps the first and
 * returns it. Reminders of the episode stop (the reminders task reads the row) and its pending
 * escalations are cancelled here.
 *
 * The check row is locked for the decision, so the episode cannot end between "is it down" and
 * the insert; its `updated_at` is touched so the API's cached check lists, which follow row
 * versions, show the acknowledgement. Escalations the scheduler holds at this instant are
 * skipped (SKIP LOCKED: no lock-order deadlock with its task): it waits for this check row and
 * then sees the acknowledgement, and cancels them itself.
 */
export async function acknowledgeCheck(pool: pg.Pool, req: AcknowledgeRequest): Promise<Acknowledgement> {
  return withPgTransaction(pool, async (client) => {
    const { rows } = await client.query<{ project_id: string; status: string; down_flip_id: string | null }>(
      `SELECT c.project_id, c.status::text AS status,
              (SELECT f.id::text FROM flips f WHERE f.check_id = c.id AND f.new_status = 'down' ORDER BY f.ts DESC, f.id DESC LIMIT 1) AS down_flip_id
         FROM checks c WHERE c.id = $1 FOR NO KEY UPDATE`,
      [req.checkId],
    );
    const check = rows[0];
    if (!check || (req.projectId !== null && check.project_id !== req.projectId)) throw ApiError.notFound('check not found');
    if (check.status !== 'down' || check.down_flip_id === null)
      throw new ApiError('conflict', `check is ${check.status}: only a down check can be acknowledged`);
    if (req.flipId !== undefined && req.flipId !== check.down_flip_id) {
      throw new ApiError('conflict', 'the down episode this link was sent for has ended; the check went down again since');
    }
    const flipId = check.down_flip_id;
    const inserted = await client.query<{ acknowledged_by: string; acknowledged_at: Date; via: AcknowledgedVia }>(
      `INSERT INTO acknowledgements (check_id, flip_id, acknowledged_by, via, acknowledged_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (flip_id) DO NOTHING RETURNING acknowledged_by, acknowledged_at, via`,
      [req.checkId, flipId, req.by.slice(0, ACKNOWLEDGED_BY_MAX), req.via, req.now],
    );
    if (inserted.rows[0]) {
      await client.query(
        `UPDATE escalations SET cancelled_at = $2
          WHERE id IN (SELECT id FROM escalations WHERE flip_id = $1 AND sent_at IS NULL AND cancelled_at IS NULL FOR UPDATE SKIP LOCKED)`,
        [flipId, req.now],
      );
      await client.query('UPDATE checks SET updated_at = $2 WHERE id = $1', [req.checkId, req.now]);
    }
    const row =
      inserted.rows[0] ??
      (
        await client.query<{ acknowledged_by: string; acknowledged_at: Date; via: AcknowledgedVia }>(
          'SELECT acknowledged_by, acknowledged_at, via FROM acknowledgements WHERE flip_id = $1',
          [flipId],
        )
      ).rows[0]!;
    return { by: row.acknowledged_by, at: row.acknowledged_at, via: row.via };
  });
}
