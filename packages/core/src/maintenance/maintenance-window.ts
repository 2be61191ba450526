import { nextAfter } from '../schedule/next-after.js';
import { validateCron } from '../schedule/cron.js';
import { validateOnCalendar } from '../schedule/oncalendar.js';
import { scheduleKindOf } from '../schedule/schedule-kind.js';
import { ScheduleError, type Schedule } from '../schedule/types.js';

/** Longest maintenance window name. */
export const MAINTENANCE_NAME_MAX = 100;
/** Shortest and longest occurrence of a window, in minutes (one minute to one week). */
export const MAINTENANCE_DURATION_MIN = 1;
export const MAINTENANCE_DURATION_MAX = 10_080;
/** One-off windows are kept (and listed) this long after their end, then pruned. */
export const MAINTENANCE_KEPT_DAYS = 30;
/** Most tags or checks a window may name. */
export const MAINTENANCE_SCOPE_MAX = 100;

export type MaintenanceScope = 'project' | 'tags' | 'checks';

/**
 * A maintenance window as stored (docs/notifications.md, "Maintenance windows"): one-off
 * (`startsAt`, `endsAt`) or recurring (`schedule`, cron or OnCalendar, fired in `tz`, each
 * occurrence lasting `durationMin` minutes of elapsed time). `endedAt`: closed early; every
 * occurrence that started at or before it ends there.
 */
export interface MaintenanceWindowSpec {
  scope: MaintenanceScope;
  tags: readonly string[];
  checkIds: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  schedule: string | null;
  tz: string | null;
  durationMin: number | null;
  endedAt: Date | null;
}

const SCOPES: readonly string[] = ['project', 'tags', 'checks'] satisfies MaintenanceScope[];

/**
 * A stored window (its `scope` a plain string column, constrained by the database) as core
 * reads it. An unknown scope would apply to no check rather than to all of them.
 */
export function maintenanceSpecOf<W extends Omit<MaintenanceWindowSpec, 'scope'> & { scope: string }>(w: W): W & { scope: MaintenanceScope } {
  if (SCOPES.includes(w.scope)) return { ...w, scope: w.scope as MaintenanceScope };
  return { ...w, scope: 'checks', checkIds: [] };
}

/** One occurrence of a window: active for start ≤ t < end. */
export interface Occurrence {
  start: Date;
  end: Date;
}

/**
 * Occurrences that start before the previous one ended (or exactly when it ends) are one span
 * of maintenance; at most this many are joined per question (a schedule that fires more often
 * than its duration would chain without end, and one cron step can cost ~0.5 ms): the callers
 * ask again at the end they were given (the maintenance-release task does).
 */
const CHAIN_MAX = 10;

/** The parsed schedule of a recurring window. */
export function maintenanceSchedule(expression: string, tz: string): Schedule {
  return scheduleKindOf(expression) === 'cron' ? { kind: 'cron', cron: expression.trim(), tz } : { kind: 'oncalendar', oncalendar: expression, tz };
}

/** The first fire strictly after `after`, or null when the schedule never fires again or is invalid. */
function fireAfter(schedule: Schedule, after: number): number | null {
  try {
    return nextAfter(schedule, new Date(after)).getTime();
  } catch (err) {
    if (err instanceof ScheduleError) return null;
    throw err;
  }
}

/** From an occurrence starting at `start`, the end of the span it chains into (see CHAIN_MAX). */
function chainEnd(schedule: Schedule, start: number, durationMs: number): number {
  let last = start;
  let end = start + durationMs;
  for (let i = 0; i < CHAIN_MAX; i++) {
    const next = fireAfter(schedule, last);
    if (next === null || next > end) break;
    last = next;
    end = next + durationMs;
  }
  return end;
}

/**
 * The occurrence of `w` in progress at `t` (a span of chained occurrences ends at its last
 * occurrence's end), or null when the window is not active at `t`. Pure: `t` is passed in.
 */
export function activeOccurrence(w: MaintenanceWindowSpec, t: Date): Occurrence | null {
  const at = t.getTime();
  const endedAt = w.endedAt?.getTime() ?? null;
  if (w.schedule === null) {
    if (!w.startsAt || !w.endsAt) return null;
    const start = w.startsAt.getTime();
    const end = Math.min(w.endsAt.getTime(), endedAt ?? Infinity);
    return start <= at && at < end ? { start: w.startsAt, end: new Date(end) } : null;
  }
  if (!w.tz || !w.durationMin) return null;
  const schedule = maintenanceSchedule(w.schedule, w.tz);
  const durationMs = w.durationMin * 60_000;
  // Occurrences active at t started in (t - duration, t]; those started at or before a past
  // endedAt were closed then.
  const from = endedAt !== null && endedAt <= at ? Math.max(at - durationMs, endedAt) : at - durationMs;
  const start = fireAfter(schedule, from);
  if (start === null || start > at) return null;
  let end = chainEnd(schedule, start, durationMs);
  if (endedAt !== null && endedAt > at) end = Math.min(end, endedAt);
  return { start: new Date(start), end: new Date(end) };
}

/** The next occurrence of `w` starting strictly after `t`, or null when there is none. */
export function nextOccurrence(w: MaintenanceWindowSpec, t: Date): Occurrence | null {
  const at = t.getTime();
  if (w.schedule === null) {
    if (!w.startsAt || !w.endsAt || w.endedAt) return null;
    return w.startsAt.getTime() > at ? { start: w.startsAt, end: w.endsAt } : null;
  }
  if (!w.tz || !w.durationMin) return null;
  const schedule = maintenanceSchedule(w.schedule, w.tz);
  const start = fireAfter(schedule, Math.max(at, w.endedAt?.getTime() ?? -Infinity));
  if (start === null) return null;
  return { start: new Date(start), end: new Date(chainEnd(schedule, start, w.durationMin * 60_000)) };
}

export type MaintenanceState = 'active' | 'upcoming' | 'past';

/** Active at `t`, still to come, or over for good (a one-off window that ended). */
export function maintenanceState(w: MaintenanceWindowSpec, t: Date): MaintenanceState {
  if (activeOccurrence(w, t)) return 'active';
  return nextOccurrence(w, t) ? 'upcoming' : 'past';
}

/** Whether `w` covers the check: the whole project, a check with any of its tags, or one of its checks. */
export function windowAppliesTo(w: Pick<MaintenanceWindowSpec, 'scope' | 'tags' | 'checkIds'>, check: { id: string; tags: readonly string[] }): boolean {
  switch (w.scope) {
    case 'project':
      return true;
    case 'tags':
      return check.tags.some((tag) => w.tags.includes(tag));
    case 'checks':
      return w.checkIds.includes(check.id);
  }
}

/**
 * The maintenance a check is under at `t`: of the active windows of its project that apply to
 * it, the one that ends last, with that end. Null when none applies.
 */
export function maintenanceOf<W extends MaintenanceWindowSpec>(
  windows: readonly W[],
  check: { id: string; tags: readonly string[] },
  t: Date,
): { window: W; end: Date } | null {
  let best: { window: W; end: Date } | null = null;
  for (const w of windows) {
    if (!windowAppliesTo(w, check)) continue;
    const occurrence = activeOccurrence(w, t);
    if (occurrence && (!best || occurrence.end > best.end)) best = { window: w, end: occurrence.end };
  }
  return best;
}

/** A message when `expression` is not a valid cron or OnCalendar expression (by the rule of scheduleKindOf), else null. */
export function validateMaintenanceSchedule(expression: string): string | null {
  return scheduleKindOf(expression) === 'cron' ? validateCron(expression.trim()) : validateOnCalendar(expression);
}

/**
 * The spans of [from, to) during which `w` was in progress (ms, oldest first; chained occurrences
 * may overlap: merge them), for a check's uptime. A recurring window contributes at most
 * `maxOccurrences` occurrences from `from` on (one step of a cron schedule can cost ~0.5 ms).
 * Pure: both ends are passed in.
 */
export function maintenanceSpansBetween(w: MaintenanceWindowSpec, from: Date, to: Date, maxOccurrences = 1000): { start: number; end: number }[] {
  const a = from.getTime();
  const b = to.getTime();
  const endedAt = w.endedAt?.getTime() ?? Infinity;
  const clip = (start: number, end: number) => (Math.min(end, b) > Math.max(start, a) ? [{ start: Math.max(start, a), end: Math.min(end, b) }] : []);
  if (w.schedule === null) return w.startsAt && w.endsAt ? clip(w.startsAt.getTime(), Math.min(w.endsAt.getTime(), endedAt)) : [];
  if (!w.tz || !w.durationMin) return [];
  const schedule = maintenanceSchedule(w.schedule, w.tz);
  const durationMs = w.durationMin * 60_000;
  const out: { start: number; end: number }[] = [];
  let start = fireAfter(schedule, a - durationMs);
  for (let n = 0; start !== null && start < b && n < maxOccurrences; n++) {
    // Occurrences that started at or before the window was ended early were closed then.
    out.push(...clip(start, start <= endedAt ? Math.min(start + durationMs, endedAt) : start + durationMs));
    start = fireAfter(schedule, start);
  }
  return out;
}
