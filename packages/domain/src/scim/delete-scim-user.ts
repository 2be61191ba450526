import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { ScimError } from './scim-error.js';
import { lockAccount, syncScimMembership } from './sync-scim-membership.js';

/** DELETE /Users/{id}: deprovisions (membership, sessions; never the last owner) and forgets the resource. */
export async function deleteScimUser(prisma: PrismaClient, accountId: string, actor: Actor, id: string, now: Date): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await tx.scimUser.findFirst({ where: { id, accountId } }) : null;
    if (!row) throw new ScimError(404, `no User ${id.slice(0, 40)} in this account`);
    await syncScimMembership(tx, accountId, { id, userId: row.userId, userName: row.userName, active: false }, actor, now);
    await tx.scimUser.delete({ where: { id } });
    await recordSsoEvent(tx, accountId, actor, 'scim.user_delete', row.userName);
  });
}
