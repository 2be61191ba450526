import { type CalendarComponent, type CalendarSpec, MAX_YEAR, USEC_PER_SEC } from './oncalendar-parse.js';
import { type Tm, ZoneClock, naiveSeconds, weekdayOfNaive } from './oncalendar-zone.js';

/**
 * Next elapse of a parsed calendar event: a port of systemd 252's find_next() and
 * calendar_spec_next_usec() (src/shared/calendarspec.c).
 *
 * The search skips by fields (year → month → day → weekday → hour → minute → second), so one call
 * costs a few dozen steps however far away the next elapse is. Every time a field is set, the
 * candidate is normalized through mktime; a changed value means the wall time does not exist
 * (a spring-forward gap, or Feb 30) and the search resumes from the normalized time. Following
 * systemd step by step, mktime calls included, is what makes DST behaviour identical to it.
 */

export type NextResult =
  | { kind: 'at'; usec: number }
  /** The expression has no elapse after this point (e.g. a past year, or beyond 2199). */
  | { kind: 'never' }
  /** systemd's safety valve: no answer within 1000 search steps; `stuckUsec` is where it looped. */
  | { kind: 'gave-up'; stuckUsec: number };

const MAX_ITERATIONS = 1000;

/**
 * Earliest value >= `val` any component allows; null when none. `endOfMonthTm` is set for the
 * day field of a `~` expression: components then count back from the end of that month.
 */
function findMatching(clock: ZoneClock, chain: CalendarComponent[] | null, val: number, endOfMonthTm: Tm | null): number | null {
  if (!chain) return val;
  let d = -1;
  let dSet = false;
  for (const c of chain) {
    let start = c.start;
    let stop = c.stop;
    if (endOfMonthTm) {
      start = findEndOfMonth(clock, endOfMonthTm, c.start);
      stop = findEndOfMonth(clock, endOfMonthTm, c.stop);
      if (stop > 0) [start, stop] = [stop, start];
    }
    if (start >= val) {
      if (!dSet || start < d) {
        d = start;
        dSet = true;
      }
    } else if (c.repeat > 0) {
      const k = start + c.repeat * Math.ceil((val - start) / c.repeat);
      if ((!dSet || k < d) && (stop < 0 || k <= stop)) {
        d = k;
        dSet = true;
      }
    }
  }
  return dSet ? d : null;
}

/** Day of month that is `day` days back from the month's end (1 = last day), -1 if none. */
function findEndOfMonth(clock: ZoneClock, tm: Tm, day: number): number {
  // Like systemd: mktime of "day (1 - day) of next month", at the candidate's time of day.
  const { t, tm: n } = clock.mktime({ ...tm, mon: tm.mon + 1, mday: 1 - day });
  if (t < 0 || n.mon !== tm.mon) return -1;
  return n.mday;
}

const OK = 1;
const NORMALIZED = 0;
const OUT_OF_RANGE = -1;

/**
 * Is `c` an existing wall time? OK if so; NORMALIZED after replacing `c` by the later time mktime
 * moved it to (lower fields reset); OUT_OF_RANGE beyond 2199 or if normalization went backwards.
 */
function withinBounds(clock: ZoneClock, c: Tm, repairIsdst: boolean): number {
  if (c.year > MAX_YEAR) return OUT_OF_RANGE;
  const { t, tm: n } = clock.mktime({ ...c });
  if (t < 0) return OUT_OF_RANGE;
  let cmp: number;
  if ((cmp = Math.sign(n.year - c.year)) !== 0) n.mon = 0;
  else if ((cmp = Math.sign(n.mon - c.mon)) !== 0) n.mday = 1;
  else if ((cmp = Math.sign(n.mday - c.mday)) !== 0) n.hour = 0;
  else if ((cmp = Math.sign(n.hour - c.hour)) !== 0) n.min = 0;
  else if ((cmp = Math.sign(n.min - c.min)) !== 0) n.sec = 0;
  else cmp = Math.sign(n.sec - c.sec);
  if (cmp < 0) return OUT_OF_RANGE; // systemd refuses to go backward (EDEADLK)
  if (cmp > 0) {
    Object.assign(c, n);
    // systemd keeps the normalized time's isdst although fields were just reset; when the reset
    // crosses a DST change, the next mktime shifts the time by an hour (see nextElapse).
    if (repairIsdst) c.isdst = -1;
    return NORMALIZED;
  }
  return OK;
}

/** Is wall time `a` before `b`, field by field (year down to second)? */
function wallBefore(a: Tm, b: Tm): boolean {
  return (
    (Math.sign(a.year - b.year) ||
      Math.sign(a.mon - b.mon) ||
      Math.sign(a.mday - b.mday) ||
      Math.sign(a.hour - b.hour) ||
      Math.sign(a.min - b.min) ||
      Math.sign(a.sec - b.sec)) < 0
  );
}

function matchesWeekday(clock: ZoneClock, bits: number, c: Tm): boolean {
  if (bits < 0) return true;
  const { t, tm } = clock.mktime({ ...c });
  if (t < 0) return false;
  const wday = weekdayOfNaive(naiveSeconds(tm));
  const k = wday === 0 ? 6 : wday - 1;
  return (bits & (1 << k)) !== 0;
}

/**
 * First elapse strictly after `afterUsec` (microseconds since the epoch, >= -1).
 *
 * `repairIsdst` false is systemd exactly. systemd 252 can loop forever (and give up) when a field
 * overflows into a later month across a DST change: `*-*-1/12` in America/New_York from
 * 2026-02-26 overflows to Mar 37 = Mar 9 (daylight time), resets to Mar 1 but keeps isdst=1,
 * and glibc turns "Mar 1 00:00 daylight time" into Feb 28 23:00: back where it started.
 * With `repairIsdst` the reset time gets isdst=-1, as every other candidate does; callers use it
 * only where systemd gives up, so answers systemd does give are never changed.
 */
export function nextElapse(spec: CalendarSpec, zone: string | null, afterUsec: number, repairIsdst = false): NextResult {
  const clock = new ZoneClock(spec.utc ? null : zone);
  const usec = afterUsec + 1;
  const c = clock.localtime(Math.floor(usec / USEC_PER_SEC));
  let tmUsec = usec - Math.floor(usec / USEC_PER_SEC) * USEC_PER_SEC;
  const start = { ...c };
  /** See the "wallBefore" step below. */
  let keepIsdst = false;

  const resetFromMonth = (): void => {
    c.mon = 0;
    resetFromDay();
  };
  const resetFromDay = (): void => {
    c.mday = 1;
    resetFromHour();
  };
  const resetFromHour = (): void => {
    c.hour = 0;
    resetFromMinute();
  };
  const resetFromMinute = (): void => {
    c.min = 0;
    resetFromSecond();
  };
  const resetFromSecond = (): void => {
    c.sec = 0;
    tmUsec = 0;
  };

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    // Normalize the current candidate; from here on mktime decides DST by itself (systemd's
    // spec->dst, always -1 here: we do not accept local zone abbreviations).
    Object.assign(c, clock.mktime({ ...c }).tm);
    if (!keepIsdst) c.isdst = -1;

    let r = findMatching(clock, spec.year, c.year, null);
    if (r === null) return { kind: 'never' };
    if (r !== c.year) {
      c.year = r;
      resetFromMonth();
    }
    if (withinBounds(clock, c, repairIsdst) !== OK) return { kind: 'never' };

    r = findMatching(clock, spec.month, c.mon + 1, null);
    let b = 0;
    if (r !== null && r !== c.mon + 1) {
      c.mon = r - 1;
      resetFromDay();
    }
    if (r === null || (b = withinBounds(clock, c, repairIsdst)) < 0) {
      c.year++;
      resetFromMonth();
      continue;
    }
    if (b === NORMALIZED) continue;

    r = findMatching(clock, spec.day, c.mday, spec.endOfMonth ? c : null);
    if (r !== null && r !== c.mday) {
      c.mday = r;
      resetFromHour();
    }
    if (r === null || (b = withinBounds(clock, c, repairIsdst)) < 0) {
      c.mon++;
      resetFromDay();
      continue;
    }
    if (b === NORMALIZED) continue;

    if (!matchesWeekday(clock, spec.weekdayBits, c)) {
      c.mday++;
      resetFromHour();
      continue;
    }

    r = findMatching(clock, spec.hour, c.hour, null);
    if (r !== null && r !== c.hour) {
      c.hour = r;
      resetFromMinute();
    }
    if (r === null || (b = withinBounds(clock, c, repairIsdst)) < 0) {
      c.mday++;
      resetFromHour();
      continue;
    }
    // The hour just set may not exist (DST change): retry from the normalized time.
    if (b === NORMALIZED) continue;

    r = findMatching(clock, spec.minute, c.min, null);
    if (r !== null && r !== c.min) {
      c.min = r;
      resetFromSecond();
    }
    if (r === null || (b = withinBounds(clock, c, repairIsdst)) < 0) {
      c.hour++;
      resetFromMinute();
      continue;
    }
    if (b === NORMALIZED) continue;

    r = findMatching(clock, spec.microsecond, c.sec * USEC_PER_SEC + tmUsec, null);
    if (r !== null) {
      tmUsec = r % USEC_PER_SEC;
      c.sec = Math.floor(r / USEC_PER_SEC);
    }
    if (r === null || (b = withinBounds(clock, c, repairIsdst)) < 0) {
      c.min++;
      resetFromSecond();
      continue;
    }
    if (b === NORMALIZED) continue;

    // A match earlier on the wall clock than where the search started: mktime moved a time in a
    // spring-forward gap backwards (Lord Howe: "02:00 daylight time" becomes 01:30 standard).
    // Debian's systemd 252.38 then steps one hour on (minutes kept) and from there on keeps
    // mktime's isdst instead of resetting it. Its source is a stable backport we could not read;
    // this rule was derived by tracing its mktime calls (gdb, LD_PRELOAD) and reproduces all
    // recorded cases (oncalendar-oracle.test.ts, Lord_Howe and Sao_Paulo ones among them).
    if (wallBefore(c, start)) {
      c.hour++;
      keepIsdst = true;
      continue;
    }

    const { t } = clock.mktime({ ...c });
    if (t < 0) return { kind: 'never' };
    return { kind: 'at', usec: t * USEC_PER_SEC + tmUsec };
  }
  return { kind: 'gave-up', stuckUsec: clock.mktime({ ...c }).t * USEC_PER_SEC };
}
