import { flipNotifies } from '@upmon/check-store';
import type { DecidingResult } from '@upmon/core';
import type { CheckStatus, FlipReason, PrismaClient } from '@upmon/db';
import { sealFlipCause } from '@upmon/testing';

export { makeIntegration } from '@upmon/testing';

/**
 * Commits a flip the way check-store does (status change + flip row, with a probed flip's
 * `cause`): waiting for the notifier's
 * fan-out if it notifies, else already fanned out. A running notifier takes it at once.
 */
export async function makeFlip(
  prisma: PrismaClient,
  check: { id: string; projectId: string },
  oldStatus: CheckStatus,
  newStatus: CheckStatus,
  opts: { reason?: FlipReason; ts?: Date; locations?: string[]; cause?: DecidingResult[] } = {},
) {
  const ts = opts.ts ?? new Date();
  const [, flip] = await prisma.$transaction([
    prisma.check.update({ where: { id: check.id }, data: { status: newStatus } }),
    prisma.flip.create({
      data: {
        checkId: check.id,
        projectId: check.projectId,
        oldStatus,
        newStatus,
        reason: opts.reason ?? (newStatus === 'up' ? 'ping' : 'timeout'),
        ts,
        locations: opts.locations ?? [],
        cause: opts.cause ? sealFlipCause(check.id, opts.cause) : null,
        fannedOutAt: flipNotifies({ oldStatus, newStatus }) ? null : new Date(),
      },
    }),
  ]);
  return flip;
}

/** Hands flips back to the notifier as if never fanned out (what the Redis recovery does), and wakes it. */
export async function handFlipsBack(prisma: PrismaClient, flipIds: bigint[]): Promise<void> {
  await prisma.$executeRaw`UPDATE flips SET fanned_out_at = NULL WHERE id = ANY(${flipIds})`;
  await prisma.$executeRaw`SELECT pg_notify('upmon_flips', '')`;
}
