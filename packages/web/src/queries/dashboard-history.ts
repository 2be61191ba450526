import { maintenanceSpansByCheck, maintenanceSpecOf, type Span } from '@upmon/core';
import type { MaintenanceWindow } from '@upmon/db';
import type pg from 'pg';
import { RECENT_SLOTS, RECENT_WINDOW_MS, recentHistory, type RecentHistory } from '../recent-history.js';
import { readChanges } from './uptime-days.js';

/** A dashboard row's last 24 hours: uptime and strip, and for probed checks the hourly mean response times (null: none answered). */
export interface RowHistory extends RecentHistory {
  responseMs: (number | null)[] | null;
}

interface PageCheck {
  id: string;
  kind: string;
  tags: readonly string[];
  createdAt: string | Date;
}

/**
 * The last 24 hours of a dashboard page's checks in two queries, whatever the number of rows: their
 * flips (the last before the window and every one since, as for status pages) and, for probed
 * checks, their 5-minute response-time rollups summed per hour by PostgreSQL. Maintenance comes
 * from the project's windows, already read by the page.
 */
export async function readRowHistories(
  pool: pg.Pool,
  checks: readonly PageCheck[],
  windows: readonly MaintenanceWindow[],
  now: Date,
): Promise<Map<string, RowHistory>> {
  const out = new Map<string, RowHistory>();
  if (checks.length === 0) return out;
  const from = now.getTime() - RECENT_WINDOW_MS;
  const probed = checks.filter((c) => c.kind !== 'heartbeat').map((c) => c.id);
  const [changes, responses] = await Promise.all([
    readChanges(
      pool,
      checks,
      checks.map(() => from),
    ),
    hourlyResponseTimes(pool, probed, from),
  ]);
  const maintenance: Map<string, Span[]> =
    windows.length > 0 ? maintenanceSpansByCheck(windows.map(maintenanceSpecOf), checks, new Date(from), now) : new Map<string, Span[]>();
  for (const c of checks) {
    const history = recentHistory({
      createdAt: new Date(c.createdAt).getTime(),
      changes: changes.get(c.id) ?? [],
      maintenance: maintenance.get(c.id) ?? [],
      now: now.getTime(),
    });
    out.set(c.id, { ...history, responseMs: c.kind === 'heartbeat' ? null : (responses.get(c.id) ?? new Array<null>(RECENT_SLOTS).fill(null)) });
  }
  return out;
}

/** Per probed check, the mean response time of each hourly slot of the window (slot 0 starts at `from`). */
async function hourlyResponseTimes(pool: pg.Pool, checkIds: readonly string[], from: number): Promise<Map<string, (number | null)[]>> {
  const out = new Map<string, (number | null)[]>();
  if (checkIds.length === 0) return out;
  const { rows } = await pool.query<{ check_id: string; points: string }>({
    name: 'web-dashboard-response-times',
    text: `SELECT check_id, string_agg(slot || ' ' || ms, ',') AS points FROM (
             SELECT check_id, floor(extract(epoch FROM bucket - $2::timestamptz) / 3600)::int AS slot,
                    round(sum(total_ms_sum)::numeric / nullif(sum(answered), 0))::int AS ms
               FROM probe_rollups
              WHERE check_id = ANY($1::uuid[]) AND resolution = 5 AND bucket >= $2::timestamptz
              GROUP BY 1, 2) s
            WHERE ms IS NOT NULL AND slot < $3
            GROUP BY check_id`,
    values: [checkIds, new Date(from).toISOString(), RECENT_SLOTS],
  });
  for (const row of rows) {
    const points = new Array<number | null>(RECENT_SLOTS).fill(null);
    for (const item of row.points.split(',')) {
      const [slot, ms] = item.split(' ').map(Number);
      points[slot as number] = ms as number;
    }
    out.set(row.check_id, points);
  }
  return out;
}
