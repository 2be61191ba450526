import { CronExpressionParser } from 'cron-parser';
import { ByteCappedCache } from '../byte-capped-cache.js';
import { offsetMinutes, wallTimeToInstant } from './timezone.js';
import { MAX_EXPRESSION_LENGTH, ScheduleError } from './types.js';

/**
 * 5-field cron in a time zone. cron-parser only parses (field syntax, names, ranges, steps);
 * the search for the next occurrence is ours because cron-parser 5 gets DST wrong (it moves a
 * wall time that does not exist to a later hour, and loops forever on Australia/Lord_Howe's
 * 30-minute change). Our rule, the same as OnCalendar's (docs/state-machine.md):
 *   - a wall time that does not exist (spring forward) is skipped;
 *   - a wall time that occurs twice (fall back) fires once, at its first occurrence.
 * Expecting fewer runs rather than more is deliberate: an expectation the job never meets would
 * raise a false "late".
 */
interface ParsedCron {
  minutes: number[];
  hours: number[];
  /** Index 1..31. */
  daysOfMonth: boolean[];
  /** Index 1..12. */
  months: boolean[];
  /** Index 0..6, Sunday = 0. */
  daysOfWeek: boolean[];
  /** Vixie cron: when both day fields are restricted, a day matches if EITHER matches. */
  dayOr: boolean;
}

const UNSUPPORTED = /[LW#]/i;
/** Parsed expressions (~1 KB each: the minute and hour lists and the masks). */
const cache = new ByteCappedCache<ParsedCron>({ maxBytes: 8 * 1024 * 1024, maxKeyLength: MAX_EXPRESSION_LENGTH, entryBytes: 1024 });
/** Longest search: 8 years covers Feb 29 on a given weekday-free expression (leap years). */
const SEARCH_DAYS = 366 * 8 + 2;

function parse(expr: string): ParsedCron {
  const hit = cache.get(expr);
  if (hit) return hit;
  if (expr.length > MAX_EXPRESSION_LENGTH) throw new ScheduleError(`must be at most ${MAX_EXPRESSION_LENGTH} characters`);
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5) throw new ScheduleError('must have exactly 5 fields (minute hour day-of-month month day-of-week)');
  if (UNSUPPORTED.test(fields[2] as string) || UNSUPPORTED.test(fields[4] as string)) {
    throw new ScheduleError('L, W and # are not supported; use standard 5-field cron syntax');
  }
  let f;
  try {
    f = CronExpressionParser.parse(fields.join(' '), { tz: 'UTC', strict: false }).fields;
  } catch (err) {
    throw new ScheduleError((err as Error).message);
  }
  const mask = (values: readonly (number | string)[], size: number, map: (v: number) => number = (v) => v) => {
    const m = new Array<boolean>(size).fill(false);
    for (const v of values) if (typeof v === 'number') m[map(v)] = true;
    return m;
  };
  const starts = (s: string) => s.startsWith('*') || s.startsWith('?');
  const parsed: ParsedCron = {
    minutes: [...f.minute.values].map(Number).sort((a, b) => a - b),
    hours: [...f.hour.values].map(Number).sort((a, b) => a - b),
    daysOfMonth: mask(f.dayOfMonth.values, 32),
    months: mask(f.month.values, 13),
    daysOfWeek: mask(f.dayOfWeek.values, 7, (v) => v % 7),
    dayOr: !starts(fields[2] as string) && !starts(fields[4] as string),
  };
  cache.set(expr, parsed);
  return parsed;
}

function dayMatches(c: ParsedCron, y: number, m: number, d: number): boolean {
  if (!c.months[m]) return false;
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const dom = c.daysOfMonth[d] === true;
  const wd = c.daysOfWeek[dow] === true;
  return c.dayOr ? dom || wd : dom && wd;
}

/** A 5-field cron expression we can evaluate; returns an error message or null. */
export function validateCron(expr: string): string | null {
  const known = cronVerdicts.get(expr);
  if (known !== undefined) return known;
  const verdict = cronVerdict(expr);
  if (cronVerdicts.size >= CRON_VERDICTS_KEPT) cronVerdicts.delete(cronVerdicts.keys().next().value as string);
  cronVerdicts.set(expr, verdict);
  return verdict;
}

/**
 * validateCron's verdicts by expression (it is pure): a plan of many checks (monitoring as code)
 * validates the same few expressions over and over, each costing a next-run computation. Bounded.
 */
const cronVerdicts = new Map<string, string | null>();
const CRON_VERDICTS_KEPT = 1000;

function cronVerdict(expr: string): string | null {
  try {
    const c = parse(expr);
    // Reject expressions that never fire (e.g. 0 0 30 2 *), which would never have a deadline.
    nextCronAfterParsed(c, 'UTC', new Date(Date.UTC(2000, 0, 1)));
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

function nextCronAfterParsed(c: ParsedCron, tz: string, after: Date): Date {
  const afterMs = after.getTime();
  // The wall time of `after` in tz, as a naive UTC-based number; candidates start one minute later.
  const wall = new Date(afterMs + offsetMinutes(tz, afterMs) * 60_000);
  let y = wall.getUTCFullYear();
  let mo = wall.getUTCMonth() + 1;
  let d = wall.getUTCDate();
  // Start an hour early on the first day: around a fall-back, the first occurrence of a repeated
  // wall time can come before `after`'s wall time; the instant check below filters the rest.
  let fromMinuteOfDay = Math.max(0, wall.getUTCHours() * 60 + wall.getUTCMinutes() - 180);
  for (let i = 0; i < SEARCH_DAYS; i++) {
    if (dayMatches(c, y, mo, d)) {
      for (const h of c.hours) {
        if (h * 60 + 59 < fromMinuteOfDay) continue;
        for (const mi of c.minutes) {
          if (h * 60 + mi < fromMinuteOfDay) continue;
          const t = wallTimeToInstant(tz, y, mo, d, h, mi);
          if (t !== null && t > afterMs) return new Date(t);
        }
      }
    }
    fromMinuteOfDay = 0;
    const next = new Date(Date.UTC(y, mo - 1, d + 1));
    y = next.getUTCFullYear();
    mo = next.getUTCMonth() + 1;
    d = next.getUTCDate();
  }
  throw new ScheduleError('cron expression never fires');
}

/** First occurrence of `expr` in `tz` strictly after `after` (see the DST rule above). */
export function nextCronAfter(expr: string, tz: string, after: Date): Date {
  return nextCronAfterParsed(parse(expr), tz, after);
}
