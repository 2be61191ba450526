import type { PrismaClient } from '@upmon/db';

/** Deletes an open invitation of the account (an accepted one, or another account's, is left alone). */
export async function revokeInvitation(prisma: PrismaClient, accountId: string, invitationId: string): Promise<void> {
  await prisma.invitation.deleteMany({ where: { id: invitationId, accountId, acceptedAt: null } });
}
