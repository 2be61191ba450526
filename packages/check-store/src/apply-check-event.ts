import { transition, type CheckEvent } from '@upmon/core';
import type { Check, Flip, Prisma, PrismaClient } from '@upmon/db';
import { checkRowToState, stateToCheckColumns } from './check-state-mapper.js';
import { flipNotifies } from './flip-notifies.js';

export interface AppliedEvent {
  check: Check;
  flip: Flip | null;
  durationMs: number | null;
}

/**
 * Applies one event to one check inside the caller's transaction: locks the row, runs the pure
 * state machine, saves the new state and inserts the flip (waiting for the notifier's fan-out if it notifies).
 * Returns null when the check does not exist.
 */
export async function applyCheckEventInTx(
  tx: Prisma.TransactionClient,
  checkId: string,
  event: CheckEvent,
  now: Date,
): Promise<AppliedEvent | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM checks WHERE id = ${checkId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  const row = await tx.check.findUniqueOrThrow({ where: { id: checkId } });
  const result = transition(checkRowToState(row), event, now);
  const check = await tx.check.update({ where: { id: checkId }, data: stateToCheckColumns(result.state) });
  const flip = result.flip
    ? await tx.flip.create({
        data: {
          checkId,
          projectId: row.projectId,
          ts: result.flip.ts,
          oldStatus: result.flip.oldStatus,
          newStatus: result.flip.newStatus,
          reason: result.flip.reason,
          fannedOutAt: flipNotifies(result.flip) ? null : now,
        },
      })
    : null;
  return { check, flip, durationMs: result.durationMs };
}

/** `applyCheckEventInTx` in a transaction of its own. */
export function applyCheckEvent(
  prisma: PrismaClient,
  checkId: string,
  event: CheckEvent,
  now: Date,
): Promise<AppliedEvent | null> {
  return prisma.$transaction((tx) => applyCheckEventInTx(tx, checkId, event, now));
}
