import { DAY_MS, dayNumberOf, firstInstantAt, localDayOf, minuteOfDayOf } from './local-day.js';
import { intersect, restrictionIntervals, type Interval, type Restriction } from './restrictions.js';

/**
 * On-call schedules (docs/oncall.md): layers rotate through users, higher layers cover lower ones,
 * overrides cover every layer; the final schedule says who is on call when. Pure: every instant
 * is an argument, in milliseconds or Dates.
 */

export type RotationUnit = 'hours' | 'days' | 'weeks';

export interface Layer {
  /** Users in rotation order; the first is on call from the anchor. */
  userIds: readonly string[];
  /** Each user's turn lasts `count` units: days and weeks by the local calendar, hours elapsed. */
  rotation: { unit: RotationUnit; count: number };
  /** Local date 'YYYY-MM-DD' and time 'HH:MM' in `tz` of the first user's first turn (the phase of the rotation). */
  anchorDate: string;
  handoffTime: string;
  tz: string;
  /** The layer takes part from `startsAt` (null: always) until `endsAt` (null: for ever). */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Empty: on duty all the time; otherwise only within these local windows. */
  restrictions: readonly Restriction[];
}

export interface Override {
  userId: string;
  start: Date;
  end: Date;
}

/** Layers from the bottom (index 0) to the top; overrides in the order made, a later one winning. */
export interface OnCallSchedule {
  layers: readonly Layer[];
  overrides: readonly Override[];
}

export interface Shift {
  userId: string;
  start: Date;
  end: Date;
}

interface RawShift extends Interval {
  userId: string;
}

const HOUR_MS = 3_600_000;
const UNIT_DAYS: Record<Exclude<RotationUnit, 'hours'>, number> = { days: 1, weeks: 7 };

/** Start instant of turn `k` (k = 0 is the anchor; negative turns lie before it). */
function turnStart(layer: Layer, k: number): number {
  const anchorDay = dayNumberOf(layer.anchorDate);
  const handoff = minuteOfDayOf(layer.handoffTime);
  if (layer.rotation.unit === 'hours') return firstInstantAt(layer.tz, anchorDay, handoff) + k * layer.rotation.count * HOUR_MS;
  return firstInstantAt(layer.tz, anchorDay + k * layer.rotation.count * UNIT_DAYS[layer.rotation.unit], handoff);
}

/** The turn in progress at instant `t`. */
function turnAt(layer: Layer, t: number): number {
  const { unit, count } = layer.rotation;
  let k: number;
  if (unit === 'hours') {
    k = Math.floor((t - turnStart(layer, 0)) / (count * HOUR_MS));
  } else {
    k = Math.floor((localDayOf(layer.tz, t) - dayNumberOf(layer.anchorDate)) / (count * UNIT_DAYS[unit]));
  }
  // The estimate is off by at most one around the handoff time of day: settle it exactly.
  while (turnStart(layer, k) > t) k--;
  while (turnStart(layer, k + 1) <= t) k++;
  return k;
}

function userOfTurn(layer: Layer, k: number): string {
  const n = layer.userIds.length;
  return layer.userIds[((k % n) + n) % n]!;
}

function layerShifts(layer: Layer, from: number, to: number): RawShift[] {
  const lo = Math.max(from, layer.startsAt?.getTime() ?? -Infinity);
  const hi = Math.min(to, layer.endsAt?.getTime() ?? Infinity);
  if (lo >= hi || layer.userIds.length === 0) return [];
  const shifts: RawShift[] = [];
  let k = turnAt(layer, lo);
  let start = turnStart(layer, k);
  while (start < hi) {
    const next = turnStart(layer, k + 1);
    const s = Math.max(start, lo);
    const e = Math.min(next, hi);
    if (s < e) shifts.push({ userId: userOfTurn(layer, k), start: s, end: e });
    k++;
    start = next;
  }
  if (layer.restrictions.length === 0) return shifts;
  return intersect(shifts, restrictionIntervals(layer.tz, layer.restrictions, lo, hi));
}

/** Adjacent shifts of the same user become one. */
function joined(shifts: readonly RawShift[]): RawShift[] {
  const out: RawShift[] = [];
  for (const s of shifts) {
    const last = out[out.length - 1];
    if (last && last.userId === s.userId && last.end === s.start) last.end = s.end;
    else out.push({ ...s });
  }
  return out;
}

const toShift = (s: RawShift): Shift => ({ userId: s.userId, start: new Date(s.start), end: new Date(s.end) });

/** One layer's turns within [from, to), restrictions applied (a timeline row). */
export function layerSchedule(layer: Layer, from: Date, to: Date): Shift[] {
  return joined(layerShifts(layer, from.getTime(), to.getTime())).map(toShift);
}

/**
 * The final schedule within [from, to): for every instant, the latest override covering it, else
 * the top layer with someone on duty, else nobody (a gap, left out). Sorted, disjoint, and
 * adjacent spans of one user joined.
 */
export function finalSchedule(schedule: OnCallSchedule, from: Date, to: Date): Shift[] {
  const lo = from.getTime();
  const hi = to.getTime();
  if (lo >= hi) return [];
  // Sources from the highest priority down: overrides (latest first), then layers (top first).
  const sources: RawShift[][] = [
    ...schedule.overrides
      .map((o): RawShift[] => {
        const s = Math.max(lo, o.start.getTime());
        const e = Math.min(hi, o.end.getTime());
        return s < e ? [{ userId: o.userId, start: s, end: e }] : [];
      })
      .reverse(),
    ...schedule.layers.map((l) => layerShifts(l, lo, hi)).reverse(),
  ];
  const edges = [...new Set(sources.flatMap((src) => src.flatMap((s) => [s.start, s.end])))].sort((a, b) => a - b);
  const cursor = sources.map(() => 0);
  const out: RawShift[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const start = edges[i]!;
    const end = edges[i + 1]!;
    for (let src = 0; src < sources.length; src++) {
      const list = sources[src]!;
      while (cursor[src]! < list.length && list[cursor[src]!]!.end <= start) cursor[src]!++;
      const s = list[cursor[src]!];
      if (s && s.start <= start) {
        out.push({ userId: s.userId, start, end });
        break;
      }
    }
  }
  return joined(out).map(toShift);
}

/** Who is on call at instant `at`, or null when nobody is (what an escalation step asks). */
export function onCallAt(schedule: OnCallSchedule, at: Date): string | null {
  return finalSchedule(schedule, at, new Date(at.getTime() + 1))[0]?.userId ?? null;
}

/** How far ahead "next" looks: the longest rotation turn accepted (docs/oncall.md) and a margin. */
export const NEXT_HORIZON_DAYS = 400;

/**
 * The shift in progress at `at` (null in a gap) and the one after it: the next span of someone
 * else, or of the same person after a gap, within NEXT_HORIZON_DAYS. The current shift's end is
 * cut at the horizon too.
 */
export function onCallNowAndNext(schedule: OnCallSchedule, at: Date): { now: Shift | null; next: Shift | null } {
  const look = (days: number) => {
    const until = at.getTime() + days * DAY_MS;
    const spans = finalSchedule(schedule, at, new Date(until));
    const now = spans[0] && spans[0].start.getTime() === at.getTime() ? spans[0] : null;
    return { now, next: spans[now ? 1 : 0] ?? null, until };
  };
  // Most questions are answered within a fortnight; only sparse schedules need the long look.
  const near = look(14);
  if (near.next && near.next.end.getTime() < near.until) return { now: near.now, next: near.next };
  const far = look(NEXT_HORIZON_DAYS);
  return { now: far.now, next: far.next };
}
