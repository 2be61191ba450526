import { maintenanceSpecOf, type MaintenanceWindowSpec } from '@upmon/core';
import type pg from 'pg';

export interface PublicMaintenanceData {
  /** Every window of the page's project: recurring, one-off to come, and one-off past (kept 30 days) for the uptime bars. */
  windows: MaintenanceWindowSpec[];
  /** Tags of the page's checks, by check id (scope by tags). */
  tagsOf: Map<string, string[]>;
}

/**
 * The maintenance windows of the project whose status page has `publicKey` (docs/status-pages.md),
 * for the page's maintenance section and for taking maintenance out of its uptime: one query for
 * the windows of all the page's checks. Window names are not read: they are never shown.
 */
export async function readStatusPageWindows(pool: pg.Pool, publicKey: string, unpublished = false): Promise<MaintenanceWindowSpec[]> {
  const { rows } = await pool.query<{
    scope: string;
    tags: string[] | null;
    check_ids: string[] | null;
    starts_at: Date | null;
    ends_at: Date | null;
    schedule: string | null;
    tz: string | null;
    duration_min: number | null;
    ended_at: Date | null;
  }>({
    name: 'status-page-windows',
    text: `SELECT w.scope, w.tags, w.check_ids, w.starts_at, w.ends_at, w.schedule, w.tz, w.duration_min, w.ended_at
             FROM status_pages sp JOIN maintenance_windows w ON w.project_id = sp.project_id
            WHERE sp.public_key = $1 AND (sp.enabled OR $2::boolean)`,
    values: [publicKey, unpublished],
  });
  return rows.map((w) =>
    maintenanceSpecOf({
      scope: w.scope,
      tags: w.tags ?? [],
      checkIds: w.check_ids ?? [],
      startsAt: w.starts_at,
      endsAt: w.ends_at,
      schedule: w.schedule,
      tz: w.tz,
      durationMin: w.duration_min,
      endedAt: w.ended_at,
    }),
  );
}
