import { IANAZone } from 'luxon';
import { ByteCappedCache } from '../byte-capped-cache.js';
import { MAX_TIME_ZONE_LENGTH, ScheduleError } from './types.js';

/** Answers of Intl (which builds a formatter per question), for names of bounded length only. */
const validity = new ByteCappedCache<boolean>({ maxBytes: 256 * 1024, maxKeyLength: MAX_TIME_ZONE_LENGTH, entryBytes: 64 });

/** True when `tz` is an IANA time zone name the runtime knows (e.g. Europe/Riga, UTC). */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > MAX_TIME_ZONE_LENGTH) return false;
  let ok = validity.get(tz);
  if (ok === undefined) {
    ok = IANAZone.isValidZone(tz);
    validity.set(tz, ok);
  }
  return ok;
}

function zone(tz: string): IANAZone {
  // luxon keeps every zone it creates, valid or not: only known names may reach it.
  if (!isValidTimeZone(tz)) throw new ScheduleError(`unknown time zone: ${tz.slice(0, MAX_TIME_ZONE_LENGTH)}`);
  return IANAZone.create(tz);
}

/** UTC offset of `tz` at instant `ms`, in minutes (east positive). */
export function offsetMinutes(tz: string, ms: number): number {
  return zone(tz).offset(ms);
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in `tz` denotes: null when it does not exist (skipped by a
 * spring-forward change), the FIRST of the two instants when it occurs twice (fall back).
 * Assumes at most one offset change within a day either side, true of every real zone.
 */
export function wallTimeToInstant(tz: string, year: number, month: number, day: number, hour: number, minute: number, second = 0): number | null {
  const z = zone(tz);
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  const offBefore = z.offset(naive - DAY_MS);
  const offAfter = z.offset(naive + DAY_MS);
  let best: number | null = null;
  for (const off of offBefore === offAfter ? [offBefore] : [offBefore, offAfter]) {
    const t = naive - off * 60_000;
    if (z.offset(t) === off && (best === null || t < best)) best = t;
  }
  return best;
}
