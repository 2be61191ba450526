import { scheduleOf } from '@upmon/check-store';
import { isLocationStale, staleAfterMs, type LocationStatus } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type pg from 'pg';
import type { CheckLocationsResponse } from './location-response-schema.js';
import { isoTimestamp } from '../timestamps.js';

/** One of a check's locations as its page and the API show it (docs/locations.md). */
export interface CheckLocationStatus {
  location: string;
  /** null: no result from it yet. */
  status: LocationStatus | null;
  /** No result for more than three of the check's intervals plus a minute (`staleAfterMs`): it does not count in the quorum. */
  stale: boolean;
  /**
   * A public location of PUBLIC_LOCATIONS or a live private location of the account. False: the
   * check names a location since removed (or revoked); it is kept, and no prober serves it.
   */
  configured: boolean;
  failuresInRow: number;
  lastResultAt: Date | null;
  lastDurationMs: number | null;
  /** The last result's explanation (decrypted); null when none or unreadable. */
  reason: string | null;
}

/** A probed check's locations, its quorum, and how old a result may be before its location is stale (null: heartbeat). */
export interface CheckLocationsView {
  quorum: number | null;
  locations: CheckLocationStatus[];
  staleAfterMs: number | null;
}

interface Row {
  kind: string;
  locations: string[] | null;
  quorum: number | null;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
  location: string | null;
  status: LocationStatus | null;
  failures_in_row: number | null;
  last_result_at: Date | null;
  last_duration_ms: number | null;
  last_reason: Buffer | null;
}

/**
 * A probed check's locations (its own, or `publicLocations` when it names none) with their last
 * results, and its quorum; null when the check is not the project's. Heartbeat checks have none.
 */
export async function readCheckLocations(
  pool: pg.Pool,
  cipher: Cipher,
  projectId: string,
  checkId: string,
  publicLocations: readonly string[],
  now: Date,
): Promise<CheckLocationsView | null> {
  const { rows } = await pool.query<Row>(
    `SELECT c.kind, c.locations, c.quorum, c.schedule_kind, c.period_sec, c.cron, c.oncalendar, c.tz,
            l.location, l.status, l.failures_in_row, l.last_result_at, l.last_duration_ms, l.last_reason
       FROM checks c LEFT JOIN check_locations l ON l.check_id = c.id
      WHERE c.id = $1 AND c.project_id = $2`,
    [checkId, projectId],
  );
  const first = rows[0];
  if (!first) return null;
  if (first.kind === 'heartbeat') return { quorum: null, locations: [], staleAfterMs: null };
  const staleMs = staleAfterMs(
    scheduleOf({ scheduleKind: first.schedule_kind, periodSec: first.period_sec, cron: first.cron, oncalendar: first.oncalendar, tz: first.tz }),
    now,
  );
  const byName = new Map(rows.filter((r) => r.location).map((r) => [r.location as string, r]));
  const names = first.locations && first.locations.length > 0 ? first.locations : publicLocations;
  const notPublic = names.filter((n) => !publicLocations.includes(n));
  const { rows: live } =
    notPublic.length === 0
      ? { rows: [] }
      : await pool.query<{ code: string }>(
          `SELECT pl.code FROM private_locations pl JOIN projects p ON p.account_id = pl.account_id
            WHERE p.id = $1 AND pl.revoked_at IS NULL AND pl.code = ANY($2::text[])`,
          [projectId, notPublic],
        );
  const configured = new Set([...publicLocations, ...live.map((r) => r.code)]);
  const locations = [...names].sort().map((location): CheckLocationStatus => {
    const r = byName.get(location);
    const state =
      r?.status && r.last_result_at ? { location, status: r.status, failuresInRow: r.failures_in_row ?? 0, lastResultAt: r.last_result_at } : undefined;
    let reason: string | null = null;
    if (r?.last_reason) {
      try {
        reason = cipher.decrypt(r.last_reason, AAD.checkLocationReason(checkId, location)).toString();
      } catch {
        reason = null; // a key no longer configured: the reason is lost, the status is not
      }
    }
    return {
      location,
      status: state?.status ?? null,
      stale: isLocationStale(state, staleMs, now),
      configured: configured.has(location),
      failuresInRow: state?.failuresInRow ?? 0,
      lastResultAt: state?.lastResultAt ?? null,
      lastDurationMs: r?.last_duration_ms ?? null,
      reason,
    };
  });
  return { quorum: first.quorum, locations, staleAfterMs: staleMs };
}

export function presentCheckLocations(v: { quorum: number | null; locations: CheckLocationStatus[] }): CheckLocationsResponse {
  return {
    quorum: v.quorum,
    locations: v.locations.map((l) => ({
      location: l.location,
      status: l.status,
      stale: l.stale,
      configured: l.configured,
      failures_in_row: l.failuresInRow,
      last_result_at: l.lastResultAt ? isoTimestamp(l.lastResultAt) : null,
      last_duration_ms: l.lastDurationMs,
      reason: l.reason,
    })),
  };
}
