import type { CheckStatus } from '../state/types.js';

const DAY_MS = 86_400_000;

/** Days a status page shows: today (UTC, up to now) and the 89 before it. */
export const STATUS_PAGE_DAYS = 90;

/**
 * A status change of a check: from `at` (ms since the epoch) on, the check was `status` (a flip's
 * ts and new_status). A number, not a Date: a page reads tens of thousands of them.
 */
export interface StatusChange {
  at: number;
  status: CheckStatus;
}

export interface UptimeHistoryInput {
  /** When the check was created: before it nothing was monitored; from it until the first flip it was `new`. */
  createdAt: Date;
  /** The check's flips, any order (sorted here, stable: pass ties in the order they happened). */
  changes: readonly StatusChange[];
  now: Date;
  /** How many UTC days, ending with today's; STATUS_PAGE_DAYS unless told. */
  days?: number;
}

/** One UTC day of a check. Times in this module's output are ms since the epoch (a page holds thousands). */
export interface UptimeDay {
  /** Start of the day, 00:00 UTC. */
  start: number;
  /** Time the check was up, late or down during the day (today: up to now). */
  monitoredMs: number;
  /** Time it was up or late. */
  upMs: number;
  /**
   * Monitored time under maintenance, already taken out of monitoredMs and upMs (excludeMaintenance);
   * 0 from uptimeHistory and the rollups, which count flips alone.
   */
  maintenanceMs: number;
  /** upMs ÷ monitoredMs, or null ("no data") when nothing was monitored that day. */
  uptime: number | null;
}

/** A down episode: from the flip to down until the next flip away from down, or ongoing. */
export interface Incident {
  start: number;
  /** null while the check is still down. */
  end: number | null;
  /** end − start; for an ongoing incident, now − start. */
  durationMs: number;
}

export interface UptimeHistory {
  /** Oldest first, `days` entries. */
  days: UptimeDay[];
  /** Down episodes that overlap the shown days, newest first. */
  incidents: Incident[];
}

/**
 * Late counts as up: a late check has missed its expected time but is still within its grace
 * period, and nothing is alerted until it goes down. New (no ping yet) and paused are not
 * monitored time, so they count neither for nor against uptime.
 */
function isMonitored(status: CheckStatus): boolean {
  return status === 'up' || status === 'late' || status === 'down';
}

function isUp(status: CheckStatus): boolean {
  return status === 'up' || status === 'late';
}

/** Start of the UTC day holding `t`. */
export function utcDayStart(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/**
 * Per-UTC-day uptime and down episodes of one check from its status changes (docs/status-pages.md).
 * Pure: the caller passes `now`. Changes after now are ignored; changes before `createdAt` only
 * decide the status the check had at `createdAt`.
 */
export function uptimeHistory({ createdAt, changes, now, days = STATUS_PAGE_DAYS }: UptimeHistoryInput): UptimeHistory {
  const nowMs = now.getTime();
  const firstDay = utcDayStart(nowMs) - (days - 1) * DAY_MS;
  const out: UptimeDay[] = Array.from({ length: days }, (_, i) => ({ start: firstDay + i * DAY_MS, monitoredMs: 0, upMs: 0, maintenanceMs: 0, uptime: null }));
  // Usually sorted already; Array#sort is stable, so ties keep the order given.
  const sorted = isSorted(changes) ? changes : [...changes].sort((a, b) => a.at - b.at);

  // The timeline: [from, to) spans of one status, from createdAt to now.
  const incidents: Incident[] = [];
  let downSince: number | null = null;
  let status: CheckStatus = 'new';
  let from = createdAt.getTime();
  const span = (to: number) => {
    const a = Math.max(from, firstDay);
    if (to > a && isMonitored(status)) addSpan(out, firstDay, a, to, isUp(status));
  };
  for (const c of sorted) {
    if (c.at > nowMs) break;
    if (c.at > from) {
      span(c.at);
      from = c.at;
    }
    if (c.status === 'down' && downSince === null) downSince = Math.max(c.at, createdAt.getTime());
    if (c.status !== 'down' && downSince !== null) {
      if (from > firstDay) incidents.push({ start: downSince, end: from, durationMs: from - downSince });
      downSince = null;
    }
    status = c.status;
  }
  if (nowMs > from) span(nowMs);
  if (downSince !== null) incidents.push({ start: downSince, end: null, durationMs: nowMs - downSince });
  for (const d of out) d.uptime = d.monitoredMs > 0 ? d.upMs / d.monitoredMs : null;
  return { days: out, incidents: incidents.reverse() };
}

function isSorted(changes: readonly StatusChange[]): boolean {
  for (let i = 1; i < changes.length; i++) if ((changes[i] as StatusChange).at < (changes[i - 1] as StatusChange).at) return false;
  return true;
}

/** Adds [a, b) (a ≥ firstDay) to the days it covers. */
function addSpan(out: UptimeDay[], firstDay: number, a: number, b: number, up: boolean): void {
  for (let t = a; t < b;) {
    const index = Math.floor((t - firstDay) / DAY_MS);
    const end = Math.min(b, firstDay + (index + 1) * DAY_MS);
    const day = out[index];
    if (!day) return;
    day.monitoredMs += end - t;
    if (up) day.upMs += end - t;
    t = end;
  }
}
