import { IANAZone } from 'luxon';

/**
 * The C library time functions systemd's calendar code runs on (localtime_r, mktime), emulated
 * for one IANA zone.
 *
 * Why emulate mktime instead of "convert a wall time to an instant" directly: systemd decides
 * what happens at DST changes through mktime's side effects. A wall time in a spring-forward gap
 * is normalized by mktime (03:30 → 04:30) and systemd then resumes its search from there; a wall
 * time that occurs twice is resolved by glibc using the UTC offset of the previous mktime call
 * (its `localtime_offset` cache), which is why systemd fires a repeated time only once. To match
 * systemd-analyze exactly we reproduce glibc 2.36's __mktime_internal probing, cache included.
 */

/** struct tm: fields may be out of range before normalization; `mon` is 0-based; year is full. */
export interface Tm {
  year: number;
  mon: number;
  mday: number;
  hour: number;
  min: number;
  sec: number;
  /** -1 = unknown (let mktime decide), 0 = standard time, 1 = daylight saving time. */
  isdst: number;
}

const DAY = 86_400;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1..12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function civilFromDays(z: number): { y: number; m: number; d: number } {
  z += 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}

/** The wall clock read as if it were UTC, in seconds: what mktime's ydhms arithmetic computes. */
export function naiveSeconds(tm: Tm): number {
  const year = tm.year + Math.floor(tm.mon / 12);
  const mon = ((tm.mon % 12) + 12) % 12;
  const days = daysFromCivil(year, mon + 1, 1) + tm.mday - 1;
  return days * DAY + tm.hour * 3600 + tm.min * 60 + tm.sec;
}

/** Day of week of naive seconds, 0 = Sunday (tm_wday). */
export function weekdayOfNaive(naive: number): number {
  const days = Math.floor(naive / DAY);
  return (((days + 4) % 7) + 7) % 7;
}

/**
 * Offsets are memoized per UTC day: asking Intl costs tens of microseconds, and a next-elapse search
 * asks dozens of times. A day whose start and end offsets agree is taken to have no transition
 * (no zone has changed offset twice within a day); otherwise the change is binary-searched to the second.
 */
const BUCKET = 86_400;
class OffsetTable {
  private readonly buckets = new Map<number, number | { at: number; before: number; after: number }>();
  private readonly standard = new Map<number, number>();
  private readonly raw: (t: number) => number;

  constructor(zone: IANAZone | null) {
    this.raw = zone ? (t) => Math.round(zone.offset(t * 1000) * 60) : () => 0;
  }

  /** Seconds east of UTC at instant `t` (seconds since the epoch). */
  offset(t: number): number {
    const b = Math.floor(t / BUCKET);
    let e = this.buckets.get(b);
    if (e === undefined) {
      const lo = b * BUCKET;
      const before = this.raw(lo);
      const after = this.raw(lo + BUCKET - 1);
      if (before === after) {
        e = before;
      } else {
        // Binary search the first second with the new offset.
        let l = lo;
        let h = lo + BUCKET - 1;
        while (l + 1 < h) {
          const mid = Math.floor((l + h) / 2);
          if (this.raw(mid) === before) l = mid;
          else h = mid;
        }
        e = { at: h, before, after };
      }
      if (this.buckets.size > 100_000) this.buckets.clear();
      this.buckets.set(b, e);
    }
    return typeof e === 'number' ? e : t < e.at ? e.before : e.after;
  }

  /**
   * tm_isdst. Intl exposes offsets, not the tzfile's isdst flag, so: daylight saving time is an
   * offset above the year's lower of January's and July's (right for every zone we test; zones
   * with "negative DST" such as Europe/Dublin would read inverted, which only matters inside a
   * spring-forward gap).
   */
  isDst(t: number): boolean {
    const year = civilFromDays(Math.floor(t / DAY)).y;
    let std = this.standard.get(year);
    if (std === undefined) {
      std = Math.min(this.raw(daysFromCivil(year, 1, 1) * DAY), this.raw(daysFromCivil(year, 7, 1) * DAY));
      this.standard.set(year, std);
    }
    return this.offset(t) > std;
  }
}

const tables = new Map<string, OffsetTable>();

function tableFor(zoneName: string | null): OffsetTable {
  const key = zoneName ?? '';
  let table = tables.get(key);
  if (!table) {
    table = new OffsetTable(zoneName ? IANAZone.create(zoneName) : null);
    tables.set(key, table);
  }
  return table;
}

/** A normalized struct tm plus the instant it stands for. */
export interface Resolved {
  t: number;
  tm: Tm;
}

/**
 * localtime/mktime for one zone (null = UTC, i.e. gmtime/timegm). Holds glibc's mktime offset
 * cache, so use one instance per next-elapse computation, as systemd does (it forks per call).
 */
export class ZoneClock {
  private readonly table: OffsetTable;
  /** glibc's localtime_offset: (instant - naive wall seconds) of the previous mktime. */
  private guess = 0;

  constructor(zoneName: string | null) {
    this.table = tableFor(zoneName);
  }

  localtime(t: number): Tm {
    const naive = t + this.table.offset(t);
    const days = Math.floor(naive / DAY);
    const secs = naive - days * DAY;
    const { y, m, d } = civilFromDays(days);
    return {
      year: y,
      mon: m - 1,
      mday: d,
      hour: Math.floor(secs / 3600),
      min: Math.floor((secs % 3600) / 60),
      sec: secs % 60,
      isdst: this.table.isDst(t) ? 1 : 0,
    };
  }

  /** glibc 2.36 __mktime_internal, minus overflow and leap-second handling. */
  mktime(tm: Tm): Resolved {
    const T = naiveSeconds(tm);
    const isdst = tm.isdst;
    const off = this.guess;
    let t = T + off;
    let t1 = t;
    let t2 = t;
    let dst2 = false;
    let probes = 6;
    const dstAt = (x: number): boolean => this.table.isDst(x);
    found: {
      for (;;) {
        const dt = T - (t + this.table.offset(t));
        if (dt === 0) break;
        if (t === t1 && t !== t2) {
          const cur = dstAt(t);
          // Oscillating around a spring-forward gap: glibc returns the probe that is DT away.
          if (isdst < 0 ? Number(dst2) <= Number(cur) : (isdst !== 0) !== cur) break found;
        }
        if (--probes === 0) break found; // glibc fails with EOVERFLOW; unreachable for real zones
        const cur = dstAt(t);
        t1 = t2;
        t2 = t;
        t += dt;
        dst2 = cur;
      }
      if (isdst >= 0 && (isdst !== 0) !== dstAt(t)) {
        // Exact wall time found but with the wrong isdst: use a neighbouring time's offset.
        const stride = 601_200;
        const bound = Math.floor(457_243_200 / 2) + stride;
        for (let delta = stride; delta < bound; delta += stride) {
          for (const dir of [-1, 1]) {
            const ot = t + delta * dir;
            if ((isdst !== 0) === dstAt(ot)) {
              t = ot + (T - (ot + this.table.offset(ot)));
              break found;
            }
          }
        }
        t += 3600 * (Number(isdst === 0) - Number(!dstAt(t)));
      }
    }
    this.guess = t - T;
    return { t, tm: this.localtime(t) };
  }
}
