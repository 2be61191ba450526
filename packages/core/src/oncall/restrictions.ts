import { firstInstantAt, isoWeekday, localDayOf, minuteOfDayOf } from './local-day.js';

/**
 * When a restricted layer is on duty: on each listed ISO weekday (1 = Monday … 7 = Sunday), from
 * `from` to `to` local time ('HH:MM'). A `to` at or before `from` ends on the next day, so
 * 22:00–06:00 is a night and 09:00–09:00 a whole day.
 */
export interface Restriction {
  days: readonly number[];
  from: string;
  to: string;
}

export interface Interval {
  start: number;
  end: number;
}

const WEEK_MINUTES = 7 * 1440;

/** Length of a restriction window in wall-clock minutes (1 … 1440). */
function wallMinutes(r: Restriction): number {
  const d = minuteOfDayOf(r.to) - minuteOfDayOf(r.from);
  return d <= 0 ? d + 1440 : d;
}

/**
 * The first pair of restrictions (by index) whose wall-clock windows overlap within the week, as
 * [i, j] with i ≤ j (i = j: one restriction lists a day twice), or null. Overlaps are refused
 * rather than joined, so what a user wrote is what the layer does.
 */
export function overlappingRestrictions(restrictions: readonly Restriction[]): [number, number] | null {
  const windows: { index: number; start: number; end: number }[] = [];
  restrictions.forEach((r, index) => {
    const len = wallMinutes(r);
    for (const day of r.days) {
      const start = (day - 1) * 1440 + minuteOfDayOf(r.from);
      windows.push({ index, start, end: start + len });
    }
  });
  for (let a = 0; a < windows.length; a++) {
    for (let b = a + 1; b < windows.length; b++) {
      const x = windows[a]!;
      const y = windows[b]!;
      // Compare on the circle of a week: y shifted a week either way may meet x too.
      for (const shift of [-WEEK_MINUTES, 0, WEEK_MINUTES]) {
        if (x.start < y.end + shift && y.start + shift < x.end) return [Math.min(x.index, y.index), Math.max(x.index, y.index)];
      }
    }
  }
  return null;
}

/**
 * The instants within [from, to) a restricted layer is on duty, sorted and disjoint. Windows are
 * built per local date (each end by the same wall-clock rule as a handoff), so they keep their
 * local times across daylight saving changes; one shortened to nothing by a change is dropped.
 */
export function restrictionIntervals(tz: string, restrictions: readonly Restriction[], from: number, to: number): Interval[] {
  const out: Interval[] = [];
  // A window opens at most a day before the date it ends on: start a day early.
  const firstDay = localDayOf(tz, from) - 1;
  const lastDay = localDayOf(tz, to);
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = isoWeekday(day);
    for (const r of restrictions) {
      if (!r.days.includes(weekday)) continue;
      const fromMin = minuteOfDayOf(r.from);
      const toMin = minuteOfDayOf(r.to);
      const start = firstInstantAt(tz, day, fromMin);
      const end = firstInstantAt(tz, toMin > fromMin ? day : day + 1, toMin);
      const s = Math.max(start, from);
      const e = Math.min(end, to);
      if (s < e) out.push({ start: s, end: e });
    }
  }
  out.sort((a, b) => a.start - b.start);
  return out;
}

/** Parts of `spans` inside the union of `allowed` (both sorted; spans disjoint). */
export function intersect<S extends Interval>(spans: readonly S[], allowed: readonly Interval[]): S[] {
  const out: S[] = [];
  let j = 0;
  for (const s of spans) {
    while (j < allowed.length && allowed[j]!.end <= s.start) j++;
    for (let k = j; k < allowed.length && allowed[k]!.start < s.end; k++) {
      const start = Math.max(s.start, allowed[k]!.start);
      const end = Math.min(s.end, allowed[k]!.end);
      if (start < end) out.push({ ...s, start, end });
    }
  }
  return out;
}
