import { DateTime } from 'luxon';
import { isValidTimeZone } from '../schedule/timezone.js';
import { ScheduleError } from '../schedule/types.js';

const DAY_MS = 86_400_000;

/** The rolling window lengths an SLO may use (days). */
export const SLO_ROLLING_DAYS = [7, 28, 30] as const;
export type SloRollingDays = (typeof SLO_ROLLING_DAYS)[number];

/** An SLO's compliance window: the last N days ending now, or the calendar month in a zone. */
export type SloWindow = { kind: 'rolling'; days: SloRollingDays } | { kind: 'calendar_month'; tz: string };

/** A time range [from, to) in ms since the epoch. */
export interface TimeRange {
  from: number;
  to: number;
}

function requireZone(tz: string): string {
  if (!isValidTimeZone(tz)) throw new ScheduleError(`unknown time zone: ${String(tz).slice(0, 64)}`);
  return tz;
}

/**
 * The instant a calendar month begins in `tz`: 00:00 of its first day, or the first instant after
 * it when a clock change skips midnight there (luxon moves a skipped wall time forward by the gap).
 * `month` is 1–12; months outside are carried into the year (0 = December before).
 */
export function monthStartInZone(tz: string, year: number, month: number): number {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return DateTime.fromObject({ year: y, month: m, day: 1 }, { zone: requireZone(tz) }).toMillis();
}

/** The calendar month of `tz` holding instant `t`: its year and month (1–12). */
export function monthOfInstant(tz: string, t: number): { year: number; month: number } {
  const d = DateTime.fromMillis(t, { zone: requireZone(tz) });
  return { year: d.year, month: d.month };
}

/** [start, next month's start) of a calendar month in `tz`: 743 h for a March with a spring-forward hour. */
export function calendarMonthRange(tz: string, year: number, month: number): TimeRange {
  return { from: monthStartInZone(tz, year, month), to: monthStartInZone(tz, year, month + 1) };
}

/**
 * The range an SLO is judged over at `now`: rolling windows end now; a calendar month is the
 * whole month holding `now` (its end lies ahead: the budget covers the month, spending is so far).
 */
export function sloWindowRange(window: SloWindow, now: number): TimeRange {
  if (window.kind === 'rolling') return { from: now - window.days * DAY_MS, to: now };
  const { year, month } = monthOfInstant(window.tz, now);
  return calendarMonthRange(window.tz, year, month);
}
