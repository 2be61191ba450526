import { mergeSpans, monitoredSegments, overlapMs, splitMonitoredTime, type MonitoredTime, type Span } from '../status-page/monitored-time.js';
import type { StatusChange } from '../status-page/uptime-history.js';
import type { TimeRange } from './slo-window.js';

/**
 * SLO arithmetic over checks' flips (docs/slos.md), pure: `now` is passed in. Time counts as the
 * check page and the status pages count it (core's `monitoredSegments` and `splitMonitoredTime`,
 * not a copy): up, late and down are monitored, late counts as up, new and paused are not
 * monitored, and monitored time under maintenance counts neither as up nor as down.
 */

/** What one check did: its creation, its status changes (flips) and the maintenance that applied to it. */
export interface CheckTimeline {
  createdAt: number;
  /** The last change before the range began, if any, and every change since; any order. */
  changes: readonly StatusChange[];
  /** Maintenance that applied to the check (any order, overlapping or not); future spans count for the projection. */
  maintenance: readonly Span[];
}

/** Counted time of one or more checks over a range. */
export interface AvailabilityTotals {
  /** Monitored time outside maintenance: the denominator. */
  monitoredMs: number;
  /** Down time outside maintenance: the budget spent. */
  downMs: number;
  /** Monitored time under maintenance (not counted). */
  maintenanceMs: number;
}

export interface ErrorBudget {
  /** (1 − target) × the range's counted time, the part still ahead included (see `sloAttainment`). */
  allowedMs: number;
  spentMs: number;
  /** allowed − spent: negative once the budget is overspent. */
  remainingMs: number;
  /** remaining ÷ allowed (1 = untouched, 0 = spent, below 0 = overspent); null when nothing is allowed. */
  remainingRatio: number | null;
}

export interface SloAttainment extends AvailabilityTotals {
  from: number;
  to: number;
  /** (monitored − down) ÷ monitored so far; null when nothing was monitored. */
  availability: number | null;
  /** availability ≥ target; null when nothing was monitored. */
  met: boolean | null;
  budget: ErrorBudget;
}

const MONITORED = new Set(['up', 'late', 'down']);

function statusAt(t: CheckTimeline, now: number): string {
  let at = -Infinity;
  let status = 'new';
  for (const c of t.changes) if (c.at <= now && c.at >= at) ({ at, status } = c);
  return t.createdAt <= now ? status : 'new';
}

/** One check's counted time in [from, min(to, now)). */
function checkTotals(t: CheckTimeline, range: TimeRange, now: number): MonitoredTime {
  const end = Math.min(range.to, now);
  if (end <= range.from) return { monitoredMs: 0, downMs: 0, maintenanceMs: 0, maintenanceDownMs: 0 };
  return splitMonitoredTime(monitoredSegments(t.createdAt, t.changes, end), mergeSpans(t.maintenance), range.from, end);
}

/** The counted time of several checks summed: a tag's SLO counts every check's time alike. */
export function sumTotals(list: readonly AvailabilityTotals[]): AvailabilityTotals {
  const sum: AvailabilityTotals = { monitoredMs: 0, downMs: 0, maintenanceMs: 0 };
  for (const x of list) {
    sum.monitoredMs += x.monitoredMs;
    sum.downMs += x.downMs;
    sum.maintenanceMs += x.maintenanceMs;
  }
  return sum;
}

/** (monitored − down) ÷ monitored; null when nothing was monitored. */
export function availabilityOf(t: AvailabilityTotals): number | null {
  return t.monitoredMs > 0 ? (t.monitoredMs - t.downMs) / t.monitoredMs : null;
}

/**
 * The part of the range still ahead that a check is expected to be monitored: none for a check
 * that is not monitored now (paused, new, or not yet created), else [max(from, now), to) less
 * its scheduled maintenance. A month's budget is thus known on its first day.
 */
function aheadMs(t: CheckTimeline, range: TimeRange, now: number): number {
  const a = Math.max(range.from, now);
  if (range.to <= a || !MONITORED.has(statusAt(t, now))) return 0;
  return range.to - a - overlapMs(mergeSpans(t.maintenance), a, range.to);
}

function budgetOf(target: number, countedMs: number, spentMs: number): ErrorBudget {
  const allowedMs = (1 - target) * countedMs;
  const remainingMs = allowedMs - spentMs;
  return { allowedMs, spentMs, remainingMs, remainingRatio: allowedMs > 0 ? remainingMs / allowedMs : null };
}

function requireTarget(target: number): void {
  if (!(target > 0 && target < 1)) throw new RangeError(`SLO target must be a fraction between 0 and 1 (exclusive), got ${target}`);
}

/**
 * How one or more checks (a check's SLO, or a tag's: their times summed) meet an availability
 * `target` (a fraction, 0.999 for 99.9 %) over `range`, and the error budget: allowed is
 * (1 − target) × counted time, where counted time is the monitored time so far outside
 * maintenance plus the time still ahead in the range for checks monitored now (`aheadMs`).
 */
export function sloAttainment(input: { timelines: readonly CheckTimeline[]; target: number; range: TimeRange; now: number }): SloAttainment {
  const { timelines, target, range, now } = input;
  requireTarget(target);
  const totals = sumTotals(timelines.map((t) => checkTotals(t, range, now)));
  const ahead = timelines.reduce((s, t) => s + aheadMs(t, range, now), 0);
  const availability = availabilityOf(totals);
  return {
    from: range.from,
    to: range.to,
    ...totals,
    availability,
    met: availability === null ? null : availability >= target,
    budget: budgetOf(target, totals.monitoredMs + ahead, totals.downMs),
  };
}

/**
 * How fast the budget burns over the last `windowMs` before `now`: the error ratio (down ÷
 * monitored, outside maintenance) divided by the ratio the target allows (1 − target). 1 spends
 * exactly the budget over the SLO's window; 14.4 spends 2 % of a 30-day budget in an hour. Null
 * when nothing was monitored in the window.
 */
export function burnRate(input: { timelines: readonly CheckTimeline[]; target: number; windowMs: number; now: number }): number | null {
  const { timelines, target, windowMs, now } = input;
  requireTarget(target);
  const totals = sumTotals(timelines.map((t) => checkTotals(t, { from: now - windowMs, to: now }, now)));
  return totals.monitoredMs > 0 ? totals.downMs / totals.monitoredMs / (1 - target) : null;
}
