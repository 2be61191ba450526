import type { CheckStatus, FlipReason, PrismaClient } from '@upmon/db';

export { makeIntegration } from '@upmon/testing';

/** Commits a flip the way check-store does (status change + flip row), not yet enqueued. */
export async function makeFlip(
  prisma: PrismaClient,
  check: { id: string; projectId: string },
  oldStatus: CheckStatus,
  newStatus: CheckStatus,
  opts: { reason?: FlipReason; ts?: Date } = {},
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
      },
    }),
  ]);
  return flip;
}
