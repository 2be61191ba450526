import { wallTimeToInstant } from '@upmon/core';

/** `2026-11-27T02:00`, `2026-11-27 02:00`, with optional seconds: what `datetime-local` sends and what people type. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A local date and time as typed (either separator), or null when it is not one (31 February included). */
export function parseWallTime(value: string): WallTime | null {
  const m = LOCAL.exec(value.trim().replace(/\s+/, ' '));
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 February over into March: a real date comes back unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

/** The value a `datetime-local` input shows for what was typed (`YYYY-MM-DDTHH:MM`), or the text itself when it is not a time. */
export function datetimeLocalValue(value: string): string {
  const w = parseWallTime(value);
  if (!w) return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}${w.second ? `:${p(w.second)}` : ''}`;
}

/**
 * A local date and time read in `tz` → the instant, or a message: the API takes instants with an
 * offset, people think in wall-clock times of a zone. A time the clock skips (spring forward) is
 * refused; one it passes twice (fall back) is the first of the two, as in the schedules.
 */
export function instantOfWallTime(value: string, tz: string): { at: Date } | { error: string } {
  const w = parseWallTime(value);
  if (!w) return { error: 'must be a date and time (YYYY-MM-DD HH:MM)' };
  const ms = wallTimeToInstant(tz, w.year, w.month, w.day, w.hour, w.minute, w.second);
  if (ms === null) return { error: `does not exist in ${tz} (the clock skips it)` };
  return { at: new Date(ms) };
}
