import type { PrismaClient } from '@upmon/db';
import { consumeToken } from '@upmon/user-store';

/**
 * Sets the password of a set-password link's user and uses the link up, once; every session of
 * theirs ends (a reset after a leak must lock the thief out). False when the link was used meanwhile.
 */
export function resetPassword(prisma: PrismaClient, link: { tokenId: string; userId: string }, passwordHash: string, now: Date): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    if (!(await consumeToken(tx, link.tokenId, now))) return false;
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId: link.userId } });
    return true;
  });
}
