import { applyLocationResult, quorumVerdict, staleAfterMs, type LocationState, type QuorumVerdict } from '@upmon/core';
import type { CheckBatch } from './check-batch.js';
import type { SqlClient } from './check-sql.js';

/** One probe result from one location, as check-store records it. */
export interface LocationProbeResult {
  checkId: string;
  location: string;
  ok: boolean;
  warning: boolean;
  at: Date;
  durationMs: number | null;
  /** The result's explanation, already encrypted (AAD.checkLocationReason). */
  reason: Buffer | null;
  /**
   * Ignore the result when the location already has one at or after `at`: a result that may be
   * delivered again (a remote location's, through its results queue) counts once.
   */
  onlyIfNewer?: boolean;
}

interface CheckLocationsRow {
  id: string;
  locations: string[] | null;
  quorum: number | null;
  location: string | null;
  status: LocationState['status'] | null;
  failures_in_row: number | null;
  last_result_at: Date | null;
  last_reason: Buffer | null;
}

interface CheckEntry {
  locations: string[];
  quorum: number | null;
  states: Map<string, LocationState>;
  /** Each location's last explanation, encrypted (AAD.checkLocationReason): stored, or this batch's. */
  reasons: Map<string, Buffer | null>;
}

/** A location's latest result as a flip found it (`CheckLocations.decidingResults`). */
export interface SealedLocationResult {
  location: string;
  at: Date;
  /** Its explanation, encrypted (AAD.checkLocationReason); null when none was kept. */
  reason: Buffer | null;
}

interface RowWrite {
  state: LocationState;
  durationMs: number | null;
  reason: Buffer | null;
}

/**
 * The per-location states of a batch's checks (check_locations, docs/locations.md), read and
 * written inside the transaction of a `CheckBatch` that holds the checks' locks (so they need no
 * locks of their own). `record` moves a location's state and returns the check's quorum verdict,
 * which the caller hands to the batch as the check's probe event: per-location state and the
 * check's state are committed together.
 */
export class CheckLocations {
  private readonly writes = new Map<string, RowWrite>();

  private constructor(private readonly checks: Map<string, CheckEntry>) {}

  /**
   * Reads the locations of checks `ids` (call after `CheckBatch.lock` on the same ids).
   * `publicLocations`: a check's locations when it names none (PUBLIC_LOCATIONS).
   */
  static async read(client: SqlClient, ids: readonly string[], publicLocations: readonly string[]): Promise<CheckLocations> {
    const checks = new Map<string, CheckEntry>();
    if (ids.length > 0) {
      const { rows } = await client.query<CheckLocationsRow>(
        `SELECT c.id, c.locations, c.quorum, l.location, l.status, l.failures_in_row, l.last_result_at, l.last_reason
           FROM checks c LEFT JOIN check_locations l ON l.check_id = c.id
          WHERE c.id = ANY($1::uuid[])`,
        [[...new Set(ids)]],
      );
      for (const r of rows) {
        let c = checks.get(r.id);
        if (!c) {
          c = {
            locations: r.locations && r.locations.length > 0 ? r.locations : [...publicLocations],
            quorum: r.quorum,
            states: new Map(),
            reasons: new Map(),
          };
          checks.set(r.id, c);
        }
        if (r.location && r.status && r.last_result_at) {
          c.states.set(r.location, { location: r.location, status: r.status, failuresInRow: r.failures_in_row ?? 0, lastResultAt: r.last_result_at });
          c.reasons.set(r.location, r.last_reason);
        }
      }
    }
    return new CheckLocations(checks);
  }

  /**
   * Applies a location's result and returns the check's verdict at the result's time, for
   * `batch.transition(checkId, { type: 'probe', outcome, locations }, at)`. The check's
   * confirmations and schedule come from its locked state. A result of a location the check does
   * not use is kept but does not count. Null when the check is not in the batch (deleted), or when an `onlyIfNewer` result is not newer.
   */
  record(batch: CheckBatch, r: LocationProbeResult): QuorumVerdict | null {
    const locked = batch.get(r.checkId);
    const c = this.checks.get(r.checkId);
    if (!locked || !c) return null;
    const previous = c.states.get(r.location);
    if (r.onlyIfNewer && previous && previous.lastResultAt.getTime() >= r.at.getTime()) return null;
    const state = applyLocationResult(previous, r);
    c.states.set(r.location, state);
    c.reasons.set(r.location, r.reason);
    this.writes.set(`${r.checkId}|${r.location}`, { state, durationMs: r.durationMs, reason: r.reason });
    return quorumVerdict(
      [...c.states.values()],
      { locations: c.locations, quorum: c.quorum, confirmations: locked.state.confirmations, staleAfterMs: staleAfterMs(locked.state.schedule, r.at) },
      r.at,
    );
  }

  /**
   * The latest result of each of `locations` of the check as recorded so far (in the batch's
   * order): right after `record` returned a verdict, the results that made it. A flip keeps them as
   * its cause (flips.cause), so its alerts say what decided it, whatever the locations report
   * afterwards. Locations without a result are left out.
   */
  decidingResults(checkId: string, locations: readonly string[]): SealedLocationResult[] {
    const c = this.checks.get(checkId);
    if (!c) return [];
    return locations.flatMap((location) => {
      const state = c.states.get(location);
      return state ? [{ location, at: state.lastResultAt, reason: c.reasons.get(location) ?? null }] : [];
    });
  }

  /** Writes the changed location states in one statement. */
  async write(client: SqlClient): Promise<void> {
    if (this.writes.size === 0) return;
    const keys = [...this.writes.keys()];
    const list = [...this.writes.values()];
    await client.query(
      `INSERT INTO check_locations AS l (check_id, location, status, failures_in_row, last_result_at, last_duration_ms, last_reason)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::int[], $7::bytea[])
       ON CONFLICT (check_id, location) DO UPDATE SET status = excluded.status, failures_in_row = excluded.failures_in_row,
         last_result_at = excluded.last_result_at, last_duration_ms = excluded.last_duration_ms, last_reason = excluded.last_reason`,
      [
        keys.map((k) => k.split('|')[0]),
        list.map((w) => w.state.location),
        list.map((w) => w.state.status),
        list.map((w) => w.state.failuresInRow),
        list.map((w) => w.state.lastResultAt.toISOString()),
        list.map((w) => (w.durationMs === null ? null : Math.round(w.durationMs))),
        list.map((w) => w.reason),
      ],
    );
  }
}
