import type { PrismaClient, User } from '@upmon/db';

/** A signed-in user's row (the session names them: they exist). */
export function findUser(prisma: PrismaClient, userId: string): Promise<User> {
  return prisma.user.findUniqueOrThrow({ where: { id: userId } });
}
