import type { PrismaClient } from '@upmon/db';

/** Sets a user's password hash (their current password was checked by the caller). Sessions are the caller's to end. */
export async function changePassword(prisma: PrismaClient, userId: string, passwordHash: string): Promise<void> {
  await prisma.user.update({ where: { id: userId }, data: { passwordHash } });
}
