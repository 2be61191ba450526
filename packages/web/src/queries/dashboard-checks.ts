import type pg from 'pg';
import { checkColumns } from '@upmon/domain';
import type { CheckStatus } from '@upmon/core';
import type { VersionedCheckRow } from '../dashboard-rows.js';
import { PAGE_SIZE, STATUSES, type DashboardQuery, type DashboardSort } from '../dashboard-query.js';

const RANK = `CASE c.status WHEN 'down' THEN 0 WHEN 'late' THEN 1 WHEN 'up' THEN 2 WHEN 'new' THEN 3 ELSE 4 END`;

const ORDER: Record<DashboardSort, string> = {
  status: `${RANK}, lower(c.name), c.id`,
  name: 'lower(c.name), c.id',
  last_ping: 'c.last_ping_at DESC NULLS LAST, lower(c.name), c.id',
};

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * One page of a project's dashboard: the API's CheckRow (timestamps already rendered by Postgres,
 * the same read as GET /checks) with its row version (see DashboardRows), filtered, sorted and cut
 * to a page by PostgreSQL in one query over the project's checks, with how many matched.
 */
export async function dashboardChecks(pool: pg.Pool, projectId: string, query: DashboardQuery): Promise<{ rows: VersionedCheckRow[]; matched: number }> {
  const { rows } = await pool.query<VersionedCheckRow & { matched: number }>({
    name: `web-dashboard-checks-${query.sort}`,
    text: `SELECT ${checkColumns('c')}, c.project_id AS "projectId", c.xmin::text || ':' || c.ctid::text AS version,
                  (count(*) OVER ())::int AS matched
           FROM checks c
           WHERE c.project_id = $1 AND ($2 = '' OR c.name ILIKE $3 OR c.slug ILIKE $3) AND c.tags @> $4::text[]
             AND ($5::text IS NULL OR c.status::text = $5)
           ORDER BY ${ORDER[query.sort]} LIMIT $6 OFFSET $7`,
    values: [projectId, query.q, containing(query.q), query.tags, query.status, PAGE_SIZE, (query.page - 1) * PAGE_SIZE],
  });
  return { rows, matched: rows[0]?.matched ?? 0 };
}

export interface DashboardSummary {
  /** Checks per status, over the whole project. */
  counts: Record<CheckStatus, number>;
  /** Every tag of the project with the worst status among its checks, by tag. */
  tags: { tag: string; worst: CheckStatus }[];
}

/** The status counts and tag chips of a dashboard: one grouped query over the project's checks. */
export async function dashboardSummary(pool: pg.Pool, projectId: string): Promise<DashboardSummary> {
  const { rows } = await pool.query<{ tag: string | null; status: CheckStatus | null; n: number; worst: number }>({
    name: 'web-dashboard-summary',
    text: `SELECT NULL AS tag, c.status::text AS status, count(*)::int AS n, 0 AS worst
             FROM checks c WHERE c.project_id = $1 GROUP BY c.status
           UNION ALL
           SELECT t.tag, NULL, count(*)::int, min(${RANK})
             FROM checks c CROSS JOIN LATERAL unnest(c.tags) AS t(tag) WHERE c.project_id = $1 GROUP BY t.tag`,
    values: [projectId],
  });
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<CheckStatus, number>;
  const tags: DashboardSummary['tags'] = [];
  for (const r of rows) {
    if (r.tag === null) counts[r.status as CheckStatus] = r.n;
    else tags.push({ tag: r.tag, worst: STATUSES[r.worst] ?? 'up' });
  }
  tags.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { counts, tags };
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
