import { PRIVATE_LOCATION_PREFIX, STALE_INTERVALS } from '@upmon/core';
import type { SqlClient } from './check-sql.js';

/** Whether each location's probers are delivering results (docs/locations.md, "Stale locations"). */
export interface LocationHealth {
  locations: { location: string; stale: boolean; lastResultAt: Date | null }[];
  /** Probed, unpaused checks every one of whose locations is stale: nobody is watching them. */
  checksAllStale: number;
}

/**
 * The stale rule of core's `staleAfterMs` restated in SQL for the operators' metrics: STALE_INTERVALS
 * periods plus a minute; for cron and OnCalendar schedules (no period column) 20 minutes stands in
 * for the period (the metric is about probers stopping, which every check of a location shows).
 */
const STALE_AFTER_SQL = `make_interval(secs => ${STALE_INTERVALS} * COALESCE(c.period_sec, 1200) + 60)`;

/**
 * Reads the health of `publicLocations` (one with no result at all is stale) and of the private
 * locations that have results. A name that is neither, a public location the operator has removed
 * (docs/locations.md, "A location removed"), is left out: nobody is meant to serve it any more, so
 * its staleness alerts nobody; checks that name only such locations still count in `checksAllStale`.
 * Two scans (check_locations joined with checks, and the probed checks): meant for a metrics
 * scrape, not a hot path.
 */
export async function readLocationHealth(client: SqlClient, publicLocations: readonly string[], now: Date): Promise<LocationHealth> {
  const { rows } = await client.query<{ location: string; last: Date | null; fresh: boolean }>(
    `SELECT l.location, max(l.last_result_at) AS last, bool_or(l.last_result_at >= $1::timestamptz - ${STALE_AFTER_SQL}) AS fresh
       FROM check_locations l JOIN checks c ON c.id = l.check_id
      WHERE c.kind <> 'heartbeat' AND c.status <> 'paused'
      GROUP BY l.location`,
    [now.toISOString()],
  );
  const byName = new Map(rows.map((r) => [r.location, r]));
  const names = [...new Set([...publicLocations, ...[...byName.keys()].filter((l) => l.startsWith(PRIVATE_LOCATION_PREFIX))])].sort();
  const {
    rows: [counted],
  } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM checks c
      WHERE c.kind <> 'heartbeat' AND c.status <> 'paused' AND c.created_at < $1::timestamptz - ${STALE_AFTER_SQL}
        AND NOT EXISTS (SELECT 1 FROM check_locations l
                         WHERE l.check_id = c.id AND l.last_result_at >= $1::timestamptz - ${STALE_AFTER_SQL}
                           AND l.location = ANY(CASE WHEN cardinality(c.locations) > 0 THEN c.locations ELSE $2::text[] END))`,
    [now.toISOString(), publicLocations],
  );
  return {
    locations: names.map((location) => ({ location, stale: !byName.get(location)?.fresh, lastResultAt: byName.get(location)?.last ?? null })),
    checksAllStale: counted?.n ?? 0,
  };
}
