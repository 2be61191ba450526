import { deadlineFor } from './transition.js';
import type { CheckState } from './types.js';

/**
 * A check after its database was restored from a backup taken before `restoredAt`: the pings
 * received between the backup and the restore are lost, so deadlines counted from the backup's
 * last pings would page people for jobs that ran. The check is re-armed as if monitoring resumed
 * at `restoredAt` (a resume without its flip): expected times count from then, and a run started
 * before the backup is forgotten (its completion may have been lost too). Nothing else moves: no
 * status changes, no flip. Checks with nothing to miss are unchanged: paused, down, new without a
 * run, probed kinds (their probes judge them afresh); so is one already re-armed from this time
 * or later, or pinged since (its anchor is already newer).
 */
export function rearmAfterRestore(s: CheckState, restoredAt: Date): CheckState {
  if (s.nextDeadlineAt === null || s.status === 'paused') return s;
  if (s.resumedAt && s.resumedAt.getTime() >= restoredAt.getTime()) return s;
  const running = s.lastStartAt !== null;
  if (!running && s.lastPingAt && s.lastPingAt.getTime() >= restoredAt.getTime()) return s;
  const rearmed: CheckState = { ...s, resumedAt: restoredAt, lastStartAt: null, lastStartRid: null };
  return { ...rearmed, nextDeadlineAt: deadlineFor(rearmed) };
}
