import { IANAZone } from 'luxon';
import { isValidTimeZone } from '../schedule/timezone.js';

/** A daily window of local wall-clock time in `tz`; `from > to` wraps midnight. */
export interface QuietHours {
  /** Minutes after local midnight, 0..1439. */
  fromMin: number;
  toMin: number;
  tz: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * `integrations.quiet_hours` JSON (`{from: "HH:MM", to: "HH:MM", tz}`) or null. A malformed value
 * or an unknown zone means no quiet hours: sending is safer than holding an alert forever.
 * `from == to` is an empty window (never quiet), not a 24-hour one.
 */
export function parseQuietHours(value: unknown): QuietHours | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.from !== 'string' || typeof v.to !== 'string') return null;
  const f = HHMM.exec(v.from);
  const t = HHMM.exec(v.to);
  if (!f || !t) return null;
  const tz = typeof v.tz === 'string' && v.tz.length > 0 ? v.tz : 'UTC';
  if (!isValidTimeZone(tz)) return null;
  const fromMin = Number(f[1]) * 60 + Number(f[2]);
  const toMin = Number(t[1]) * 60 + Number(t[2]);
  if (fromMin === toMin) return null;
  return { fromMin, toMin, tz };
}

/** Local wall-clock minutes after midnight (with the seconds as a fraction) at `at` in `zone`. */
function localMinuteOfDay(zone: IANAZone, at: number): number {
  const local = new Date(at + zone.offset(at) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes() + local.getUTCSeconds() / 60 + local.getUTCMilliseconds() / 60_000;
}

function insideWindow(q: QuietHours, minuteOfDay: number): boolean {
  return q.fromMin < q.toMin ? minuteOfDay >= q.fromMin && minuteOfDay < q.toMin : minuteOfDay >= q.fromMin || minuteOfDay < q.toMin;
}

/** True when the local time at `now` is in [from, to) (wrapping midnight when from > to). */
export function isInQuietHours(q: QuietHours | null, now: Date): boolean {
  if (!q) return false;
  return insideWindow(q, localMinuteOfDay(IANAZone.create(q.tz), now.getTime()));
}

/**
 * The first instant at or after which the local wall clock reads `minuteOfDay` on the local date
 * (y, m, d): one instant normally, the earlier of two when the clock is set back (the window
 * is then entered again on the repeated hour and ends at the second pass), and the moment the
 * clock jumps forward when that wall time does not exist that day (a DST gap).
 */
function instantsOfWallTime(zone: IANAZone, y: number, m: number, d: number, minuteOfDay: number): number[] {
  const wallAsUtc = Date.UTC(y, m, d, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  const offsets = new Set([zone.offset(wallAsUtc - 86_400_000), zone.offset(wallAsUtc), zone.offset(wallAsUtc + 86_400_000)]);
  const valid = [...offsets].map((o) => wallAsUtc - o * 60_000).filter((t) => zone.offset(t) * 60_000 === wallAsUtc - t);
  if (valid.length > 0) return [...new Set(valid)].sort((a, b) => a - b);
  // A gap: the clock jumps over this wall time. The window ends at the jump, found by bisection
  // between the wall time read with the later offset (before the jump) and with the earlier one.
  const sorted = [...offsets].sort((a, b) => a - b);
  const before = sorted[0] as number;
  const after = sorted[sorted.length - 1] as number;
  let lo = wallAsUtc - after * 60_000; // still before the jump
  let hi = wallAsUtc - before * 60_000; // already after it
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (zone.offset(mid) === before) lo = mid;
    else hi = mid;
  }
  // Transitions happen on whole seconds; hi is the first whole second with the new offset.
  return [Math.ceil(hi / 1000) * 1000];
}

/**
 * When the quiet window that contains `now` ends (the first instant after `now` whose local time
 * is outside it), or null when `now` is not inside quiet hours. Held notifications are released
 * at this instant.
 */
export function quietHoursEnd(q: QuietHours | null, now: Date): Date | null {
  if (!q || !isInQuietHours(q, now)) return null;
  const zone = IANAZone.create(q.tz);
  const t = now.getTime();
  const localNow = new Date(t + zone.offset(t) * 60_000);
  // The end is on the local date of `now` or the next one; look one more day ahead for safety.
  for (let day = 0; day <= 2; day++) {
    const date = new Date(Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate() + day));
    for (const instant of instantsOfWallTime(zone, date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), q.toMin)) {
      if (instant > t) return new Date(instant);
    }
  }
  // Unreachable for real zones: every day has a `to` wall time or a jump over it.
  return new Date(t + 86_400_000);
}
