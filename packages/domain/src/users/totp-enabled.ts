import type { PrismaClient } from '@upmon/db';

/** Whether the user has an authenticator app set up (a confirmed TOTP secret). */
export async function totpEnabled(prisma: PrismaClient, userId: string): Promise<boolean> {
  const row = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true } });
  return row.totpSecret !== null;
}
