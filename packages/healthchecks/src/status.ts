import { expectedAt, type CheckState, type CheckStatus } from '@upmon/core';

/** Healthchecks' check statuses, plus `started` (a run is open; see docs/healthchecks.md). */
export type HcStatus = 'new' | 'up' | 'grace' | 'down' | 'paused' | 'started';

type StatusInput = Pick<CheckState, 'kind' | 'status' | 'lastStartAt'>;

/** A heartbeat run was started and has not finished (the state machine's "running"). */
export function hcStarted(s: StatusInput): boolean {
  return s.kind === 'heartbeat' && s.lastStartAt !== null && (s.status === 'new' || s.status === 'up' || s.status === 'late');
}

const BY_STATUS: Record<CheckStatus, HcStatus> = { new: 'new', up: 'up', late: 'grace', down: 'down', paused: 'paused' };

/** upmon's status in Healthchecks' words: late is Healthchecks' "grace"; an open run is "started". */
export function hcStatus(s: StatusInput): HcStatus {
  return hcStarted(s) ? 'started' : BY_STATUS[s.status];
}

/**
 * Healthchecks' `next_ping`: when the grace period starts, i.e. the next expected ping of an up
 * (or late) check, or the start of an open run if that is earlier; null when new, paused or down.
 * A schedule that cannot be evaluated gives null rather than failing a whole list.
 */
export function hcNextPing(s: CheckState): Date | null {
  let next: Date | null = null;
  if (s.status === 'up' || s.status === 'late') {
    try {
      next = expectedAt(s);
    } catch {
      next = null;
    }
  }
  if (hcStarted(s) && s.lastStartAt && (next === null || s.lastStartAt < next)) next = s.lastStartAt;
  return next;
}
