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
  return publishFlipsWith(
    async (ids) => {
      await prisma.flip.updateMany({ where: { id: { in: ids }, enqueuedAt: null }, data: { enqueuedAt: new Date() } });
    },
    queues,
    flips,
    logger,
  );
}

/** Marks flips enqueued over raw SQL (services that hold a pg pool rather than Prisma). */
export function markFlipsEnqueuedSql(client: { query(text: string, values?: unknown[]): Promise<unknown> }) {
  return async (ids: bigint[]): Promise<void> => {
    await client.query('UPDATE flips SET enqueued_at = now() WHERE id = ANY($1::bigint[]) AND enqueued_at IS NULL', [ids.map(String)]);
  };
}

/** `publishFlips` with the "mark enqueued" step supplied by the caller. Never throws. */
export async function publishFlipsWith(
  markEnqueued: (ids: bigint[]) => Promise<void>,
  queues: Queues,
  flips: CommittedFlip[],
  logger?: Logger,
): Promise<boolean> {
  if (flips.length === 0) return true;
  try {
    // Queues bounds the wait (a Redis that never came up). A late success after the timeout only
    // means the relay re-sends it later (same job id, deduplicated).
    await queues.enqueueMany(
      'flips',
      flips.map((f) => ({ flipId: f.id.toString(), checkId: f.checkId })),
    );
  } catch (err) {
    logger?.warn({ err: (err as Error).message, flips: flips.length }, 'flips not enqueued; the relay will retry');
    return false;
  }
  try {
    await markEnqueued(flips.map((f) => f.id));
  } catch (err) {
    logger?.warn({ err: (err as Error).message }, 'flips enqueued but not marked; the relay will re-send (deduplicated)');
  }
  return true;
}
