import { nextAfter, type Schedule } from '@upmon/core';

export interface PingPoint {
  ts: Date;
  type: string;
  exitStatus: number | null;
  durationMs: number | null;
}

export interface DurationPoint {
  ts: Date;
  ms: number;
  failed: boolean;
}

export interface ArrivalPoint {
  ts: Date;
  /** Arrival minus the expected time, in seconds (negative: early). */
  offsetSec: number;
}

const completes = (p: PingPoint) => p.type === 'success' || p.type === 'fail' || p.type === 'exit';
const succeeded = (p: PingPoint) => p.type === 'success' || (p.type === 'exit' && p.exitStatus === 0);

/** Runs with a measured duration, oldest first. */
export function durationPoints(pings: PingPoint[]): DurationPoint[] {
  return pings
    .filter((p) => completes(p) && p.durationMs !== null)
    .map((p) => ({ ts: p.ts, ms: p.durationMs as number, failed: !succeeded(p) }))
    .sort((a, b) => a.ts.getTime() - b.ts.getTime());
}

/**
 * When each successful ping arrived against when it was expected: the expected time of a ping is
 * the schedule's first occurrence after the previous success (docs/design.md, "Expected time"), so the
 * first ping of the window has no point. Oldest first. Pure: the schedule math is core's.
 */
export function arrivalPoints(pings: PingPoint[], schedule: Schedule): ArrivalPoint[] {
  const ok = pings.filter(succeeded).sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const out: ArrivalPoint[] = [];
  for (let i = 1; i < ok.length; i++) {
    const expected = nextAfter(schedule, (ok[i - 1] as PingPoint).ts);
    out.push({ ts: (ok[i] as PingPoint).ts, offsetSec: ((ok[i] as PingPoint).ts.getTime() - expected.getTime()) / 1000 });
  }
  return out;
}
