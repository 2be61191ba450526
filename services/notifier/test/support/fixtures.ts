import { createCipher } from '@upmon/crypto';
import type { CheckStatus, FlipReason, IntegrationKind, Prisma, PrismaClient } from '@upmon/db';
import { TEST_ENCRYPTION_KEY } from '@upmon/testing';

export const cipher = createCipher(TEST_ENCRYPTION_KEY);

export async function makeIntegration(
  prisma: PrismaClient,
  projectId: string,
  kind: IntegrationKind,
  config: Record<string, unknown>,
  overrides: Partial<Prisma.IntegrationUncheckedCreateInput> = {},
) {
  return prisma.integration.create({
    data: {
      projectId,
      kind,
      name: `${kind} integration`,
      events: ['down', 'up', 'late'],
      config: new Uint8Array(cipher.encryptJson(config)),
      ...overrides,
    },
  });
}

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
