import { ByteCappedCache } from '../byte-capped-cache.js';
import { type CalendarSpec, parseCalendarSpec } from './oncalendar-parse.js';
import { type NextResult, nextElapse } from './oncalendar-next.js';
import { isValidTimeZone } from './timezone.js';
import { MAX_EXPRESSION_LENGTH, ScheduleError } from './types.js';

// systemd.time(7) calendar events ("OnCalendar="), matching systemd 252's systemd-analyze.
// Grammar and decisions: docs/oncalendar.md. Parser: oncalendar-parse.ts; search: oncalendar-next.ts.

/**
 * A schedule may hold several expressions, like a .timer unit with several OnCalendar= lines:
 * separated by newlines or ';' (neither occurs inside an expression). It elapses at the earliest.
 */
function splitExpressions(expr: string): string[] {
  return expr
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** Parsed expressions (~1 KB per part: six component lists and the flags). */
const cache = new ByteCappedCache<CalendarSpec[]>({ maxBytes: 8 * 1024 * 1024, maxKeyLength: MAX_EXPRESSION_LENGTH, entryBytes: 1024 });

function parseAll(expr: string): CalendarSpec[] {
  const hit = cache.get(expr);
  if (hit) return hit;
  if (expr.length > MAX_EXPRESSION_LENGTH) throw new ScheduleError(`must be at most ${MAX_EXPRESSION_LENGTH} characters`);
  const parts = splitExpressions(expr);
  if (parts.length === 0) throw new ScheduleError('must not be empty');
  const specs = parts.map((part) => {
    try {
      return parseCalendarSpec(part);
    } catch (err) {
      if (!(err instanceof ScheduleError)) throw err; // a bug, not a bad expression
      throw new ScheduleError(parts.length > 1 ? `"${part}": ${err.message}` : err.message);
    }
  });
  cache.set(expr, specs);
  return specs;
}

/** An error message when `expr` is not a valid OnCalendar expression, else null. */
export function validateOnCalendar(expr: string): string | null {
  try {
    parseAll(expr);
    return null;
  } catch (err) {
    if (err instanceof ScheduleError) return err.message;
    throw err;
  }
}

/**
 * First elapse of `expr` strictly after `after`, evaluated in `tz` unless the expression names a zone.
 * Throws ScheduleError for an invalid expression or zone, and "never elapses" when no expression
 * elapses after `after` (e.g. a past year; systemd also stops at the year 2199).
 * Elapses are microsecond-precise; a sub-millisecond part is rounded up so the result stays
 * strictly after `after` and feeding it back in moves forward.
 */
export function nextOnCalendarAfter(expr: string, tz: string, after: Date): Date {
  const specs = parseAll(expr);
  const afterMs = after.getTime();
  if (!Number.isFinite(afterMs)) throw new ScheduleError('invalid "after" time');
  const needsTz = specs.some((s) => !s.utc && s.timezone === null);
  // The check's zone is validated like every other tz in upmon (luxon, case-insensitive); only
  // zones written inside the expression follow systemd's stricter file-name rule.
  if (needsTz && !isValidTimeZone(tz)) throw new ScheduleError(`unknown time zone: ${tz}`);
  // systemd cannot search from before 1970 (mktime < 0 is an error there): start at the epoch.
  const afterUsec = Math.max(afterMs * 1000, -1);
  let best: number | null = null;
  let gaveUp = false;
  for (const spec of specs) {
    const r = nextElapseOrSkipStuck(spec, spec.timezone ?? tz, afterUsec);
    if (r.kind === 'at') {
      if (best === null || r.usec < best) best = r.usec;
    } else if (r.kind === 'gave-up') {
      gaveUp = true;
    }
  }
  if (best !== null) return new Date(Math.ceil(best / 1000));
  if (gaveUp) throw new ScheduleError('no next elapse found (the search gave up)');
  throw new ScheduleError('never elapses');
}

const QUARTER_HOUR_USEC = 15 * 60 * 1_000_000;
const STUCK_RETRIES = 8;

/**
 * systemd's search gives up after 1000 steps when it loops, and systemd 252 does loop in two
 * kinds of DST situations (see docs/oncalendar.md, "Where systemd gives up"). systemd then has no
 * next elapse at all; a monitor must have one. So, only where systemd gives up:
 *  1. search again with the isdst repair (oncalendar-next.ts), which removes the month/day
 *     overflow loop;
 *  2. if still stuck (a wall time inside a gap that glibc moves backwards, e.g. `*-*-* 02:51` on
 *     Pacific/Chatham's DST day), search again from the next quarter hour after the point where
 *     it looped, until past the gap (gaps are at most an hour).
 * Answers systemd does give are never changed.
 */
function nextElapseOrSkipStuck(spec: CalendarSpec, zone: string, afterUsec: number): NextResult {
  let r = nextElapse(spec, zone, afterUsec);
  if (r.kind !== 'gave-up') return r;
  r = nextElapse(spec, zone, afterUsec, true);
  let from = afterUsec;
  for (let i = 0; i < STUCK_RETRIES && r.kind === 'gave-up'; i++) {
    // From just before the next quarter hour, so an elapse at that very instant counts.
    const base = Math.max(from + 1, r.stuckUsec);
    from = (Math.floor(base / QUARTER_HOUR_USEC) + 1) * QUARTER_HOUR_USEC - 1;
    r = nextElapse(spec, zone, from, true);
  }
  return r;
}
