import type { Invitation, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';

/**
 * Marks the invitation used and makes the user a member with its role, once (a conditional UPDATE:
 * of two acceptances at once, one wins), audit-logged. False when it had been used meanwhile.
 */
export async function acceptInvitation(
  prisma: PrismaClient,
  inv: Pick<Invitation, 'id' | 'accountId' | 'email' | 'role'>,
  by: { userId: string; client: string | null },
  now: Date,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({ where: { id: inv.id, acceptedAt: null }, data: { acceptedAt: now } });
    if (count !== 1) return false;
    await tx.membership.upsert({
      where: { accountId_userId: { accountId: inv.accountId, userId: by.userId } },
      create: { accountId: inv.accountId, userId: by.userId, role: inv.role },
      update: {},
    });
    await recordAuditEvent(tx, {
      accountId: inv.accountId,
      actor: { kind: 'user', userId: by.userId, email: inv.email, client: by.client },
      action: 'member.join',
      target: `${inv.email} as ${inv.role}`,
    });
    return true;
  });
}
