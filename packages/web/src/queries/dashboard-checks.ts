import type pg from 'pg';
import { checkColumns } from '@upmon/domain';
import type { VersionedCheckRow } from '../dashboard-rows.js';

/**
 * Every check of a project for the dashboard, in creation order: the API's CheckRow (timestamps
 * already rendered by Postgres, the same read as GET /checks; one indexed query) with its row
 * version (see DashboardRows).
 */
export async function dashboardChecks(pool: pg.Pool, projectId: string): Promise<VersionedCheckRow[]> {
  const { rows } = await pool.query<VersionedCheckRow>({
    name: 'web-dashboard-checks',
    text: `SELECT ${checkColumns('c')}, c.project_id AS "projectId", c.xmin::text || ':' || c.ctid::text AS version
           FROM checks c WHERE c.project_id = $1 ORDER BY c.created_at, c.id`,
    values: [projectId],
  });
  return rows;
}

export interface LiveStatus {
  id: string;
  status: string;
  last_ping_at: string | null;
  next_deadline_at: string | null;
}

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The live part of every check of a project (polled by open dashboards every few seconds). */
export async function liveStatuses(pool: pg.Pool, projectId: string, checkId?: string): Promise<LiveStatus[]> {
  const { rows } = await pool.query<LiveStatus>({
    name: checkId ? 'web-live-status-check' : 'web-live-status',
    text: `SELECT id, status, ${ISO('last_ping_at')} AS last_ping_at, ${ISO('next_deadline_at')} AS next_deadline_at
           FROM checks WHERE project_id = $1 ${checkId ? 'AND id = $2' : ''} ORDER BY created_at, id`,
    values: checkId ? [projectId, checkId] : [projectId],
  });
  return rows;
}
