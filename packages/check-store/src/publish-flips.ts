import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';

export interface CommittedFlip {
  id: bigint;
  checkId: string;
}

/**
 * After commit: put flips on the `flips` queue and mark them enqueued. If Redis is unreachable
 * the flips stay un-enqueued and the scheduler's relay sends them later, so this never throws.
 * Job ids are deterministic, so a flip sent by both paths is still delivered once.
 */
export async function publishFlips(
  prisma: PrismaClient,
  queues: Queues,
  flips: CommittedFlip[],
  logger?: Logger,
): Promise<boolean> {
  if (flips.length === 0) return true;
  try {
    await queues.enqueueMany(
      'flips',
      flips.map((f) => ({ flipId: f.id.toString(), checkId: f.checkId })),
    );
  } catch (err) {
    logger?.warn({ err: (err as Error).message, flips: flips.length }, 'flips not enqueued; the relay will retry');
    return false;
  }
  try {
    await prisma.flip.updateMany({
      where: { id: { in: flips.map((f) => f.id) }, enqueuedAt: null },
      data: { enqueuedAt: new Date() },
    });
  } catch (err) {
    logger?.warn({ err: (err as Error).message }, 'flips enqueued but not marked; the relay will re-send (deduplicated)');
  }
  return true;
}
