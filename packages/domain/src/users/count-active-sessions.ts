import type { PrismaClient } from '@upmon/db';

/** How many browsers the user is signed in on (sessions not expired). */
export function countActiveSessions(prisma: PrismaClient, userId: string, now: Date): Promise<number> {
  return prisma.session.count({ where: { userId, expiresAt: { gt: now } } });
}
