import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';

/** Whether the account's members must use two-factor authentication (an owner's decision), audit-logged. */
export async function setTwoFactorRequirement(prisma: PrismaClient, accountId: string, actor: Actor, required: boolean): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.account.update({ where: { id: accountId }, data: { requireTwoFactor: required } });
    await recordAuditEvent(tx, { accountId, actor, action: 'two_factor.required', target: required ? 'required' : 'not required' });
  });
}
