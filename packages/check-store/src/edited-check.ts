import { deadlineFor } from '@upmon/core';
import type { Check, Prisma } from '@upmon/db';
import { checkRowToState } from './check-state-mapper.js';

/**
 * After a check's configuration (schedule, grace, time zone) was changed in `tx`: its pending
 * deadline recomputed from the same anchor (last ping or resume), so an edit never moves a check's
 * status by itself. A paused check has no deadline and keeps none. `edited` is the row as it now
 * stands in the transaction.
 */
export async function rescheduleEditedCheck(tx: Prisma.TransactionClient, edited: Check): Promise<void> {
  if (edited.status === 'paused') return;
  await tx.check.update({ where: { id: edited.id }, data: { nextDeadlineAt: deadlineFor(checkRowToState(edited)) } });
}
