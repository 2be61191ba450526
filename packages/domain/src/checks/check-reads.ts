import type pg from 'pg';
import type { CheckRow } from './check-presenter.js';

// Raw pg for the read hot paths (GET /checks, GET /checks/{uuid}): the columns are aliased to
// the Prisma field names so the same presenter serves both paths, and timestamps are rendered by
// Postgres in the API's format (milliseconds, like the Date-based path, and +00:00).
const ISO_MILLIS = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')`;
// tags as json: pg decodes json with JSON.parse, several times cheaper than its text[] parser.
/** The columns of a CheckRow, from the checks table under the alias `t`. */
export const checkColumns = (t: string) => `${t}.id, ${t}.kind, ${t}.name, ${t}.slug, ${t}.description, to_json(${t}.tags) AS tags, ${t}.tz,
  ${t}.schedule_kind AS "scheduleKind", ${t}.period_sec AS "periodSec", ${t}.cron, ${t}.oncalendar, ${t}.grace_sec AS "graceSec",
  ${t}.min_run_sec AS "minRunSec", coalesce(to_json(${t}.depends_on), '[]') AS "dependsOn",
  coalesce(to_json(${t}.locations), '[]') AS locations, ${t}.quorum, ${t}.status,
  ${ISO_MILLIS(`${t}.last_ping_at`)} AS "lastPingAt", ${t}.last_duration_ms AS "lastDurationMs",
  ${ISO_MILLIS(`${t}.next_deadline_at`)} AS "nextDeadlineAt", ${ISO_MILLIS(`${t}.created_at`)} AS "createdAt",
  ${acknowledgedColumn(t)} AS acknowledged, ${snoozeColumn(t)} AS snooze`;

/**
 * The check's snooze as JSON ({at, until, by}; until null = until it recovers), or null: none, or
 * an until-recovery snooze whose recovery has come (an up flip after it; that flip changed the
 * row's status, so the row-versioned caches see it). A timed snooze is given as stored: it is over
 * once `until` has passed (docs/notifications.md, "Snooze").
 */
function snoozeColumn(t: string): string {
  return `CASE WHEN ${t}.snoozed_at IS NOT NULL AND (${t}.snoozed_until IS NOT NULL OR NOT EXISTS (
      SELECT 1 FROM flips f WHERE f.check_id = ${t}.id AND f.new_status = 'up' AND f.ts > ${t}.snoozed_at))
    THEN json_build_object('at', ${ISO_MILLIS(`${t}.snoozed_at`)}, 'until', ${ISO_MILLIS(`${t}.snoozed_until`)}, 'by', ${t}.snoozed_by) END`;
}

/**
 * The acknowledgement of the check's current down episode as JSON ({by, at, via}), or null: only
 * a down check whose latest down flip was acknowledged has one (recovery clears it). Looked up
 * for down checks only (docs/notifications.md, "Acknowledgement").
 */
function acknowledgedColumn(t: string): string {
  return `CASE WHEN ${t}.status = 'down' THEN (
    SELECT json_build_object('by', a.acknowledged_by, 'at', ${ISO_MILLIS('a.acknowledged_at')}, 'via', a.via)
      FROM acknowledgements a
     WHERE a.flip_id = (SELECT f.id FROM flips f WHERE f.check_id = ${t}.id AND f.new_status = 'down' ORDER BY f.ts DESC, f.id DESC LIMIT 1)) END`;
}
const CHECK_COLUMNS = checkColumns('checks');

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
