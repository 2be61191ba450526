import type { PrismaClient } from '@upmon/db';

/** Whether the account has a member with this e-mail address (an invitation to them is pointless). */
export async function isMemberAddress(prisma: PrismaClient, accountId: string, email: string): Promise<boolean> {
  return (await prisma.membership.findFirst({ where: { accountId, user: { email } }, select: { userId: true } })) !== null;
}
