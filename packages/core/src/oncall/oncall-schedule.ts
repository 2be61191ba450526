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

/** Start instant of turn `k` of a layer (k = 0 is the anchor; negative turns lie before it). */
function turnStarts(layer: Layer): (k: number) => number {
  const anchorDay = dayNumberOf(layer.anchorDate);
  const handoff = minuteOfDayOf(layer.handoffTime);
  const { unit, count } = layer.rotation;
  if (unit === 'hours') {
    const anchor = firstInstantAt(layer.tz, anchorDay, handoff);
    return (k) => anchor + k * count * HOUR_MS;
  }
  return (k) => firstInstantAt(layer.tz, anchorDay + k * count * UNIT_DAYS[unit], handoff);
}

/** The turn in progress at instant `t`. */
function turnAt(layer: Layer, turnStart: (k: number) => number, t: number): number {
  const { unit, count } = layer.rotation;
  let k: number;
  if (unit === 'hours') {
    k = Math.floor((t - turnStart(0)) / (count * HOUR_MS));
  } else {
    k = Math.floor((localDayOf(layer.tz, t) - dayNumberOf(layer.anchorDate)) / (count * UNIT_DAYS[unit]));
  }
  // The estimate is off by at most one around the handoff time of day: settle it exactly.
  while (turnStart(k) > t) k--;
  while (turnStart(k + 1) <= t) k++;
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
  const turnStart = turnStarts(layer);
  let k = turnAt(layer, turnStart, lo);
  let start = turnStart(k);
  while (start < hi) {
    const next = turnStart(k + 1);
    const s = Math.max(start, lo);
    const e = Math.min(next, hi);
    if (s < e) shifts.push({ userId: userOfTurn(layer, k), start: s, end: e });
    k++;
    start = next;
  }
  if (layer.restrictions.length === 0) return shifts;
  return intersect(shifts, restrictionIntervals(layer.tz, layer.restrictions, lo, hi));
}

/**
 * Overrides within [lo, hi) as one list of disjoint spans, the later made winning where they
 * overlap: one source for the final schedule's sweep, however many overrides there are.
 */
function overrideSpans(overrides: readonly Override[], lo: number, hi: number): RawShift[] {
  const clipped = overrides
    .map((o) => ({ userId: o.userId, start: Math.max(lo, o.start.getTime()), end: Math.min(hi, o.end.getTime()) }))
    .filter((o) => o.start < o.end);
  const edges = [...new Set(clipped.flatMap((o) => [o.start, o.end]))].sort((a, b) => a - b);
  const out: RawShift[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const start = edges[i]!;
    const end = edges[i + 1]!;
    const winner = clipped.findLast((o) => o.start <= start && o.end >= end);
    if (winner) out.push({ userId: winner.userId, start, end });
  }
  return out;
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
  // Sources from the highest priority down: the overrides, then the layers (top first).
  const sources: RawShift[][] = [overrideSpans(schedule.overrides, lo, hi), ...schedule.layers.map((l) => layerShifts(l, lo, hi)).reverse()];
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
