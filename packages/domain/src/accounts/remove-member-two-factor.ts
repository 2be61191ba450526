import type { PrismaClient } from '@upmon/db';
import { removeTwoFactor } from '@upmon/user-store';
import type { Actor } from '../audit/actor.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';

/** Removes a member's second factors (a lost authenticator; an owner's action), audit-logged against the account. */
export async function removeMemberTwoFactor(prisma: PrismaClient, accountId: string, actor: Actor, member: { userId: string; email: string }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await removeTwoFactor(tx, member.userId);
    await recordAuditEvent(tx, { accountId, actor, action: 'two_factor.disable', target: member.email });
  });
}
