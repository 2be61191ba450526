import { maintenanceSpecOf, type MaintenanceWindowSpec } from '@upmon/core';
import type pg from 'pg';

export interface PublicMaintenanceData {
  /** The windows of the page's project that may apply now or later (recurring, or one-off not over). */
  windows: MaintenanceWindowSpec[];
  /** Tags of the page's checks, by check id (scope by tags). */
  tagsOf: Map<string, string[]>;
}

/**
 * What the public status page needs to show maintenance (docs/status-pages.md): the project's
 * open windows and the tags of the page's checks. Kept apart from the page's main query on
 * purpose. Window names are read but never shown: they are the project's own words.
 */
export async function readPublicStatusMaintenance(pool: pg.Pool, publicKey: string, checkIds: readonly string[], now: Date): Promise<PublicMaintenanceData> {
  const [windows, checks] = await Promise.all([
    pool.query<{
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
      name: 'public-status-maintenance',
      text: `SELECT w.scope, w.tags, w.check_ids, w.starts_at, w.ends_at, w.schedule, w.tz, w.duration_min, w.ended_at
               FROM status_pages sp JOIN maintenance_windows w ON w.project_id = sp.project_id
              WHERE sp.public_key = $1 AND (w.schedule IS NOT NULL OR (w.ends_at > $2 AND w.ended_at IS NULL))`,
      values: [publicKey, now],
    }),
    checkIds.length > 0
      ? pool.query<{ id: string; tags: string[] | null }>({
          name: 'public-status-check-tags',
          text: 'SELECT id, tags FROM checks WHERE id = ANY($1::uuid[])',
          values: [checkIds],
        })
      : { rows: [] },
  ]);
  return {
    windows: windows.rows.map((w) =>
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
    ),
    tagsOf: new Map(checks.rows.map((c) => [c.id, c.tags ?? []])),
  };
}
