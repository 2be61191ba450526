import type pg from 'pg';
import type { CheckRow } from '../presenters/check-presenter.js';

// Raw pg for the read hot paths (GET /checks, GET /checks/{uuid}): the columns are aliased to
// the Prisma field names so the same presenter serves both paths, and timestamps are rendered by
// Postgres in the API's format (milliseconds, like the Date-based path, and +00:00).
const ISO_MILLIS = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')`;
// tags as json: pg decodes json with JSON.parse, several times cheaper than its text[] parser.
const CHECK_COLUMNS = `id, kind, name, slug, description, to_json(tags) AS tags, tz, schedule_kind AS "scheduleKind",
  period_sec AS "periodSec", cron, oncalendar, grace_sec AS "graceSec", status,
  ${ISO_MILLIS('last_ping_at')} AS "lastPingAt", last_duration_ms AS "lastDurationMs",
  ${ISO_MILLIS('next_deadline_at')} AS "nextDeadlineAt", ${ISO_MILLIS('created_at')} AS "createdAt"`;

/** The project's checks in creation order. */
export async function listChecks(pool: pg.Pool, projectId: string): Promise<CheckRow[]> {
  const { rows } = await pool.query<CheckRow>({
    name: 'v1-list-checks',
    text: `SELECT ${CHECK_COLUMNS} FROM checks WHERE project_id = $1 ORDER BY created_at, id`,
    values: [projectId],
  });
  return rows;
}

/** One check of the project, or null (also when it belongs to another project). */
export async function findCheck(pool: pg.Pool, projectId: string, checkId: string): Promise<CheckRow | null> {
  const { rows } = await pool.query<CheckRow>({
    name: 'v1-find-check',
    text: `SELECT ${CHECK_COLUMNS} FROM checks WHERE id = $1 AND project_id = $2`,
    values: [checkId, projectId],
  });
  return rows[0] ?? null;
}

export async function checkExists(pool: pg.Pool, projectId: string, checkId: string): Promise<boolean> {
  const { rowCount } = await pool.query({
    name: 'v1-check-exists',
    text: 'SELECT 1 FROM checks WHERE id = $1 AND project_id = $2',
    values: [checkId, projectId],
  });
  return (rowCount ?? 0) > 0;
}
