import { nextAfter } from '../schedule/next-after.js';
import type { Schedule } from '../schedule/types.js';
import { probeSpreadMs } from './probe-spread.js';

/** Longest spread of cron/OnCalendar probes after their slot. */
export const MAX_CALENDAR_SPREAD_MS = 60_000;

/**
 * How far after its schedule slot a check's probe may run. Period schedules have no fixed slots,
 * so the whole period is used (the deadline counts from the last probe, so the phase is free).
 * Cron/OnCalendar deadlines count from the slot, so the spread must stay well inside the grace:
 * a quarter of it, at most a minute.
 */
export function probeSpreadRangeMs(schedule: Schedule, graceSec: number): number {
  if (schedule.kind === 'period') return schedule.periodSec * 1000;
  return Math.min(MAX_CALENDAR_SPREAD_MS, Math.floor((graceSec * 1000) / 4));
}

/**
 * The first probe time strictly after `now` for this check: schedule slot + the check's spread.
 * Period: the slots are `spread + k × period` on the epoch, so probes are exactly one period apart
 * and a scheduler that was down resumes on the same phase without a burst of catch-up probes.
 * Cron/OnCalendar: the first slot (in the check's tz) whose shifted time is after `now`.
 */
export function nextProbeAt(schedule: Schedule, checkId: string, graceSec: number, now: Date): Date {
  const spread = probeSpreadMs(checkId, probeSpreadRangeMs(schedule, graceSec));
  if (schedule.kind === 'period') {
    const period = schedule.periodSec * 1000;
    const t = now.getTime();
    const k = Math.floor((t - spread) / period) + 1;
    return new Date(k * period + spread);
  }
  return new Date(nextAfter(schedule, new Date(now.getTime() - spread)).getTime() + spread);
}

/**
 * A probe job scheduled at `scheduledAt` is superseded once the check's next slot is more than
 * `slackMs` in the past: a newer job for the check exists, so running this one (say, after a
 * prober outage) would only add a burst of stale probes.
 */
export function isProbeSuperseded(schedule: Schedule, scheduledAt: Date, now: Date, slackMs = 60_000): boolean {
  return now.getTime() > nextAfter(schedule, scheduledAt).getTime() + slackMs;
}
