import type { CheckStatus } from '../state/types.js';
import { STATUS_PAGE_DAYS, utcDayStart, type Incident, type StatusChange, type UptimeDay } from './uptime-history.js';

const DAY_MS = 86_400_000;

/**
 * One complete UTC day of a check, rolled up from its flips (docs/status-pages.md, "Rollups"):
 * what `uptimeHistory` would count for that day, so a page sums stored days instead of reading
 * 90 days of flips.
 */
export interface DayRollup {
  /** 00:00 UTC of the day. */
  start: number;
  upMs: number;
  monitoredMs: number;
  /** Down episodes that started in [start, start + 1 day). */
  incidentsStarted: number;
  /**
   * Down episodes that ended in (start, start + 1 day]: an episode ending exactly at midnight
   * belongs to the day before, so "ended after the first shown day began" (what uptimeHistory
   * counts) is the sum over the shown days.
   */
  incidentsEnded: number;
}

/**
 * The timeline of `uptimeHistory`, uncut: every span of one status in [from, to) with to ≤ now,
 * and every down episode, in time order. The same steps in the same order, so totals agree to the
 * millisecond. Consecutive changes of a check have different statuses (check-store writes a flip
 * only when the status changes), so the last change before any instant, if down, is where the
 * episode down at that instant began.
 */
export function walkTimeline(
  createdAt: number,
  changes: readonly StatusChange[],
  now: number,
  onSpan: (from: number, to: number, status: CheckStatus) => void,
  onIncident: (start: number, end: number | null) => void,
): void {
  const sorted = isSorted(changes) ? changes : [...changes].sort((a, b) => a.at - b.at);
  let downSince: number | null = null;
  let status: CheckStatus = 'new';
  let from = createdAt;
  for (const c of sorted) {
    if (c.at > now) break;
    if (c.at > from) {
      onSpan(from, c.at, status);
      from = c.at;
    }
    if (c.status === 'down' && downSince === null) downSince = Math.max(c.at, createdAt);
    if (c.status !== 'down' && downSince !== null) {
      onIncident(downSince, from);
      downSince = null;
    }
    status = c.status;
  }
  if (now > from) onSpan(from, now, status);
  if (downSince !== null) onIncident(downSince, null);
}

function isSorted(changes: readonly StatusChange[]): boolean {
  for (let i = 1; i < changes.length; i++) if ((changes[i] as StatusChange).at < (changes[i - 1] as StatusChange).at) return false;
  return true;
}

const isMonitored = (s: CheckStatus) => s === 'up' || s === 'late' || s === 'down';
const isUp = (s: CheckStatus) => s === 'up' || s === 'late';

/** Adds the part of [a, b) inside [first, first + days.length days) to the days it covers. */
function addSpan(days: { upMs: number; monitoredMs: number }[], first: number, a: number, b: number, up: boolean): void {
  for (let t = Math.max(a, first); t < b;) {
    const day = days[Math.floor((t - first) / DAY_MS)];
    if (!day) return;
    const end = Math.min(b, first + (Math.floor((t - first) / DAY_MS) + 1) * DAY_MS);
    day.monitoredMs += end - t;
    if (up) day.upMs += end - t;
    t = end;
  }
}

export interface RollupDaysInput {
  /** When the check was created (ms). */
  createdAt: number;
  /**
   * The check's last change before `from` (the status the first day starts in), if any, and every
   * change from `from` up to and including `to` (one at exactly `to` can end an episode of the
   * last day). Changes are assumed not to precede `createdAt` (flips are written for existing checks).
   */
  changes: readonly StatusChange[];
  /** 00:00 UTC of the first day to roll up. */
  from: number;
  /** 00:00 UTC after the last day: only complete days (to ≤ today's 00:00) are rolled up. */
  to: number;
}

/** Per-day totals of the complete UTC days [from, to) of one check, oldest first. Pure. */
export function rollupDays({ createdAt, changes, from, to }: RollupDaysInput): DayRollup[] {
  const days: DayRollup[] = [];
  for (let d = from; d < to; d += DAY_MS) days.push({ start: d, upMs: 0, monitoredMs: 0, incidentsStarted: 0, incidentsEnded: 0 });
  walkTimeline(
    createdAt,
    changes,
    to,
    (a, b, status) => {
      if (isMonitored(status)) addSpan(days, from, a, b, isUp(status));
    },
    (start, end) => {
      if (start >= from && start < to) (days[Math.floor((start - from) / DAY_MS)] as DayRollup).incidentsStarted += 1;
      if (end !== null && end > from && end <= to) (days[Math.floor((end - 1 - from) / DAY_MS)] as DayRollup).incidentsEnded += 1;
    },
  );
  return days;
}

export interface RolledHistoryInput {
  createdAt: number;
  /** Rollups of every shown day before `rolledUntil` (a missing one counts as nothing monitored). */
  rollups: readonly DayRollup[];
  /** 00:00 UTC of the first day computed from `changes` (≤ today's 00:00). */
  rolledUntil: number;
  /** Episodes starting at or after this instant are listed (all when it is the first shown day); from `incidentListStart`. */
  incidentsFrom: number;
  /**
   * The last change before min(rolledUntil, incidentsFrom), if any, and every change since.
   * Assumed not to precede `createdAt`.
   */
  changes: readonly StatusChange[];
  now: number;
  /** STATUS_PAGE_DAYS unless told. */
  days?: number;
}

export interface RolledHistory {
  /** As uptimeHistory's days. */
  days: UptimeDay[];
  /** uptimeHistory's incidents that started at or after `incidentsFrom` (all of them when that is the first shown day), newest first. */
  incidents: Incident[];
  /** How many incidents uptimeHistory would return (all down episodes overlapping the shown days). */
  incidentCount: number;
}

/**
 * `uptimeHistory` from stored day rollups plus the changes of the days not rolled up: the same
 * days, the same count of incidents, and the same newest incidents (those from `incidentsFrom`
 * on). Pure; property-tested against uptimeHistory (uptime-rollup.test.ts).
 */
export function historyFromRollups({
  createdAt,
  rollups,
  rolledUntil,
  incidentsFrom,
  changes,
  now,
  days = STATUS_PAGE_DAYS,
}: RolledHistoryInput): RolledHistory {
  const firstDay = utcDayStart(now) - (days - 1) * DAY_MS;
  const out: UptimeDay[] = Array.from({ length: days }, (_, i) => ({
    start: firstDay + i * DAY_MS,
    monitoredMs: 0,
    upMs: 0,
    maintenanceMs: 0,
    uptime: null,
  }));
  let incidentCount = 0;
  for (const r of rollups) {
    if (r.start < firstDay || r.start >= rolledUntil) continue;
    const day = out[(r.start - firstDay) / DAY_MS] as UptimeDay;
    day.upMs += r.upMs;
    day.monitoredMs += r.monitoredMs;
    incidentCount += r.incidentsEnded;
  }
  const incidents: Incident[] = [];
  walkTimeline(
    createdAt,
    changes,
    now,
    (a, b, status) => {
      if (isMonitored(status)) addSpan(out, firstDay, Math.max(a, rolledUntil), b, isUp(status));
    },
    (start, end) => {
      // Episodes ending by rolledUntil are counted in the rollups' incidentsEnded.
      if (end === null || end > rolledUntil) incidentCount += 1;
      if ((start >= incidentsFrom || incidentsFrom <= firstDay) && (end === null || end > firstDay))
        incidents.push({ start, end, durationMs: (end ?? now) - start });
    },
  );
  for (const d of out) d.uptime = d.monitoredMs > 0 ? d.upMs / d.monitoredMs : null;
  return { days: out, incidents: incidents.reverse(), incidentCount };
}

/**
 * From where a page needs flips to list its `limit` newest incidents (by start, over all its
 * checks): the latest 00:00 UTC from which the rolled-up days hold at least `limit` episode starts,
 * else the first shown day. Days not rolled up (today, missing ones) count as none, which can only
 * move the answer earlier. Pure.
 */
export function incidentListStart(rollups: Iterable<DayRollup>, firstDay: number, limit: number, days = STATUS_PAGE_DAYS): number {
  const starts = new Array<number>(days).fill(0);
  for (const r of rollups) {
    const i = (r.start - firstDay) / DAY_MS;
    if (i >= 0 && i < days) starts[i] = (starts[i] as number) + r.incidentsStarted;
  }
  let n = 0;
  for (let i = days - 1; i >= 0; i--) {
    n += starts[i] as number;
    if (n >= limit) return firstDay + i * DAY_MS;
  }
  return firstDay;
}

/** A page's listed incidents and how many more there are. */
export interface IncidentList<T> {
  /** The `limit` newest (by start) over all checks, newest first; ties keep the checks' order. */
  listed: (Incident & { check: T })[];
  /** Incidents of the shown days beyond the listed ones. */
  older: number;
}

/**
 * The newest incidents of a page's checks, given each check's incidents newest first (at least its
 * `limit` newest, or all from `incidentListStart` on) and how many it has in all. Pure.
 */
export function listIncidents<T>(checks: readonly { check: T; incidents: readonly Incident[]; incidentCount: number }[], limit: number): IncidentList<T> {
  const candidates: (Incident & { check: T })[] = [];
  let total = 0;
  for (const c of checks) {
    // Newest first per check: only each check's newest `limit` can make the list.
    for (const i of c.incidents.slice(0, limit)) candidates.push({ check: c.check, ...i });
    total += c.incidentCount;
  }
  candidates.sort((a, b) => b.start - a.start);
  return { listed: candidates.slice(0, limit), older: Math.max(0, total - limit) };
}
