import { notificationEventFor, type CheckStatus } from '@upmon/core';

/** A flip as the writers know it after commit. */
export interface CommittedFlip {
  id: bigint;
  checkId: string;
}

/**
 * Whether a flip waits for the notifier's fan-out. Flips that notify nobody (new → up, pauses,
 * resumes, quota) are written already fanned out, so they never cost the notifier anything.
 */
export function flipNotifies(flip: { oldStatus: CheckStatus; newStatus: CheckStatus }): boolean {
  return notificationEventFor(flip.oldStatus, flip.newStatus) !== null;
}
