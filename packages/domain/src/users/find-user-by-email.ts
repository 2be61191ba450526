import type { PrismaClient, User } from '@upmon/db';

/** The user with this (normalized) e-mail address, or null. */
export function findUserByEmail(prisma: PrismaClient, email: string): Promise<User | null> {
  return prisma.user.findUnique({ where: { email } });
}
