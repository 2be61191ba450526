import { nextAfter } from '../schedule/next-after.js';
import type { Schedule } from '../schedule/types.js';

/**
 * Probing from several locations (docs/locations.md). Pure: time is an argument.
 *
 * Each location keeps its own verdict and its own failures in a row (the check's confirmations
 * apply per location). A check's state follows the quorum of its LIVE locations (a location is
 * live when its last result is at most `staleAfterMs` old): the check goes down when the quorum
 * each confirm a failure, and up when the quorum each answer again.
 */

/** The local location's name: what a prober without PROBER_LOCATION probes from. */
export const DEFAULT_LOCATION = 'local';

/** A location's name: lowercase letters, digits and '-' (it is part of Redis key names and ACL patterns). */
export const LOCATION_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** Private locations' codes start with this (crypto's generateLocationCode); public location names must not. */
export const PRIVATE_LOCATION_PREFIX = 'p-';

/** A location's own verdict: up, warning (answered, but the certificate expires soon), failing. */
export type LocationStatus = 'up' | 'warning' | 'failing';

export interface LocationState {
  location: string;
  status: LocationStatus;
  /** Consecutive failed results in this location. */
  failuresInRow: number;
  lastResultAt: Date;
}

/** One probe result from one location. */
export interface LocationResult {
  location: string;
  ok: boolean;
  warning: boolean;
  at: Date;
}

export interface QuorumRules {
  /** The check's locations (already resolved: its own list, or every public location). */
  locations: readonly string[];
  /** How many live locations must agree; null = a majority of the live ones. Capped at the live count. */
  quorum: number | null;
  /** Consecutive failures a location needs before its failure is confirmed (the check's confirmations). */
  confirmations: number;
  /** A location whose last result is older than this is stale (see `staleAfterMs`). */
  staleAfterMs: number;
}

/**
 * What the quorum says about the check:
 * - `down`: the quorum each confirmed a failure;
 * - `failing`: the quorum are failing, not all confirmed yet (the check is late);
 * - `up`: the quorum answered without warning;
 * - `warning`: the quorum answered, some with a certificate warning;
 * - `none`: no quorum either way (mixed results, or no live location): the check's state stays.
 */
export type QuorumOutcome = 'up' | 'warning' | 'failing' | 'down' | 'none';

export interface QuorumVerdict {
  outcome: QuorumOutcome;
  /** The locations that made the outcome (failing ones for down/failing, answering ones for up/warning); sorted. */
  locations: string[];
  live: string[];
  stale: string[];
  /** How many live locations had to agree. */
  required: number;
}

/** A majority of n: more than half. */
export function majority(n: number): number {
  return Math.floor(n / 2) + 1;
}

/** The location's state after one of its results. */
export function applyLocationResult(prev: LocationState | undefined, r: LocationResult): LocationState {
  if (!r.ok) return { location: r.location, status: 'failing', failuresInRow: (prev?.status === 'failing' ? prev.failuresInRow : 0) + 1, lastResultAt: r.at };
  return { location: r.location, status: r.warning ? 'warning' : 'up', failuresInRow: 0, lastResultAt: r.at };
}

/** Whether a location's last result is too old at `now` for it to count. */
export function isLocationStale(state: LocationState | undefined, staleAfterMs: number, now: Date): boolean {
  return !state || now.getTime() - state.lastResultAt.getTime() > staleAfterMs;
}

/** The check's verdict from its locations' states at `now` (states of other locations are ignored). */
export function quorumVerdict(states: readonly LocationState[], rules: QuorumRules, now: Date): QuorumVerdict {
  const byName = new Map(states.map((s) => [s.location, s]));
  const chosen = [...new Set(rules.locations)].sort();
  const live: LocationState[] = [];
  const stale: string[] = [];
  for (const name of chosen) {
    const s = byName.get(name);
    if (s && !isLocationStale(s, rules.staleAfterMs, now)) live.push(s);
    else stale.push(name);
  }
  const liveNames = live.map((s) => s.location);
  if (live.length === 0) return { outcome: 'none', locations: [], live: [], stale, required: 0 };
  const required = Math.max(1, Math.min(rules.quorum ?? majority(live.length), live.length));
  const names = (pick: (s: LocationState) => boolean) => live.filter(pick).map((s) => s.location);
  const verdict = (outcome: QuorumOutcome, locations: string[]): QuorumVerdict => ({ outcome, locations, live: liveNames, stale, required });

  const confirmed = names((s) => s.status === 'failing' && s.failuresInRow >= Math.max(1, rules.confirmations));
  if (confirmed.length >= required) return verdict('down', confirmed);
  const failing = names((s) => s.status === 'failing');
  if (failing.length >= required) return verdict('failing', failing);
  const up = names((s) => s.status === 'up');
  if (up.length >= required) return verdict('up', up);
  const answering = names((s) => s.status !== 'failing');
  if (answering.length >= required) return verdict('warning', answering);
  return verdict('none', []);
}

/** A location is stale after this many of the check's intervals without a result (plus a minute of slack). */
export const STALE_INTERVALS = 3;
const STALE_SLACK_MS = 60_000;
/** For schedules whose interval cannot be evaluated. */
const FALLBACK_STALE_MS = 60 * 60_000;

/** How old a location's last result may be at `now` before the location is stale for a check on `schedule`. */
export function staleAfterMs(schedule: Schedule, now: Date): number {
  try {
    const first = nextAfter(schedule, now);
    const interval = nextAfter(schedule, first).getTime() - first.getTime();
    return STALE_INTERVALS * interval + STALE_SLACK_MS;
  } catch {
    return FALLBACK_STALE_MS;
  }
}
