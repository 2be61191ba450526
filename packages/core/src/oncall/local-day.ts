import { offsetMinutes } from '../schedule/timezone.js';

/**
 * Wall-clock arithmetic for on-call rotations. A local date is a day number (days since
 * 1970-01-01, the civil calendar, no zone), a time of day is minutes since midnight.
 */
export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The local date (day number) of instant `ms` in `tz`. */
export function localDayOf(tz: string, ms: number): number {
  return Math.floor((ms + offsetMinutes(tz, ms) * MINUTE_MS) / DAY_MS);
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (day 0, 1970-01-01, was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Day number of a calendar date 'YYYY-MM-DD' (already validated by the caller's schema). */
export function dayNumberOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** Minutes since midnight of 'HH:MM'. */
export function minuteOfDayOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * The instant a rotation hands over, or a restriction opens or closes, for wall time
 * `minuteOfDay` on local date `day` in `tz` (docs/oncall.md, "Daylight saving time"): the first
 * instant at which the local clock shows that date and that time or later. So a time that occurs
 * twice (fall back) is its first occurrence, and a time skipped by a spring-forward change is the
 * end of the gap, the moment the clock jumps past it (02:30 in Berlin's gap is 03:00 CEST).
 * Assumes at most one offset change within a day either side, true of every real zone.
 */
export function firstInstantAt(tz: string, day: number, minuteOfDay: number): number {
  const naive = day * DAY_MS + minuteOfDay * MINUTE_MS;
  const offBefore = offsetMinutes(tz, naive - DAY_MS);
  const offAfter = offsetMinutes(tz, naive + DAY_MS);
  let best: number | null = null;
  for (const off of offBefore === offAfter ? [offBefore] : [offBefore, offAfter]) {
    const t = naive - off * MINUTE_MS;
    if (offsetMinutes(tz, t) === off && (best === null || t < best)) best = t;
  }
  if (best !== null) return best;
  // In a gap: the clock jumps over this wall time at the transition, which lies between the
  // instant read with the new offset (before it) and the one read with the old (after it).
  let lo = naive - offAfter * MINUTE_MS;
  let hi = naive - offBefore * MINUTE_MS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMinutes(tz, mid) === offBefore) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** `count` local days of `tz` from the one holding `at`: each date 'YYYY-MM-DD' with the instants it starts and ends (a timeline's rows). */
export function localDays(tz: string, at: Date, count: number): { date: string; start: Date; end: Date }[] {
  const first = localDayOf(tz, at.getTime());
  return Array.from({ length: count }, (_, i) => ({
    date: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
    start: new Date(firstInstantAt(tz, first + i, 0)),
    end: new Date(firstInstantAt(tz, first + i + 1, 0)),
  }));
}
