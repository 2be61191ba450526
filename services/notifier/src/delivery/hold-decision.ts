import type { DeliveryJob } from '@upmon/queue';
import type { AttemptRecord, DeliveryFlip } from './delivery-store.js';
import { DELIVERY_ERROR_MAX } from './send-through-channel.js';

/** What a hold (maintenance-hold.ts, dependency-hold.ts) decides a delivery's first attempt from. */
export interface HoldDecisionInput {
  job: DeliveryJob;
  flip: DeliveryFlip | null;
  flipId: string | null;
  now: Date;
  /** The delivery-log row of this attempt, without its outcome. */
  logRow: Omit<AttemptRecord, 'status' | 'statusCode' | 'error' | 'latencyMs'>;
  recordAttempt(a: AttemptRecord): Promise<void>;
}

/** Logs the attempt as held, with why, and says so. */
export async function recordHeld(input: HoldDecisionInput, why: string): Promise<'held'> {
  await input.recordAttempt({ ...input.logRow, status: 'held', statusCode: null, error: why.slice(0, DELIVERY_ERROR_MAX), latencyMs: null });
  return 'held';
}
