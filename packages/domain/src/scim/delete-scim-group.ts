import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { ScimError } from './scim-error.js';
import type { ScimGroupState } from './scim-group-input.js';
import { getScimGroup } from './scim-group-reads.js';
import { setGroupMembers } from './scim-group-members.js';
import { lockAccount } from './sync-scim-membership.js';

/** DELETE /Groups/{id}: its members' roles follow their remaining groups. */
export async function deleteScimGroup(prisma: PrismaClient, accountId: string, actor: Actor, id: string, now: Date): Promise<void> {
  const before = await getScimGroup(prisma, accountId, id);
  await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await setGroupMembers(tx, accountId, id, [], actor, now);
    await tx.scimGroup.delete({ where: { id } });
    await recordSsoEvent(tx, accountId, actor, 'scim.group_delete', before.displayName);
  });
}
