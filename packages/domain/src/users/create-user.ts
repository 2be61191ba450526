import type { PrismaClient } from '@upmon/db';

/** A new user (an invitation's new member) with a password hash; memberships come separately. */
export function createUser(prisma: PrismaClient, input: { email: string; name: string; passwordHash: string }): Promise<{ id: string }> {
  return prisma.user.create({ data: input, select: { id: true } });
}
