import type { MemberRole, PrismaClient } from '@upmon/db';

/** A member of the account with their address, or null when the user is not one. */
export function findMember(
  prisma: PrismaClient,
  accountId: string,
  userId: string,
): Promise<{ userId: string; role: MemberRole; user: { email: string } } | null> {
  return prisma.membership.findUnique({
    where: { accountId_userId: { accountId, userId } },
    include: { user: { select: { email: true } } },
  });
}
