import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { ScimError } from './scim-error.js';
import type { ScimGroupState } from './scim-group-input.js';
import { getScimGroup } from './scim-group-reads.js';
import { setGroupMembers } from './scim-group-members.js';
import { lockAccount } from './sync-scim-membership.js';

/** POST /Groups. */
export async function createScimGroup(prisma: PrismaClient, accountId: string, actor: Actor, s: ScimGroupState, now: Date) {
  const id = await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if (await tx.scimGroup.findFirst({ where: { accountId, displayName: s.displayName } }))
      throw new ScimError(409, `a Group named ${s.displayName} already exists`, 'uniqueness');
    const g = await tx.scimGroup.create({ data: { accountId, displayName: s.displayName, externalId: s.externalId } });
    await setGroupMembers(tx, accountId, g.id, s.memberIds, actor, now);
    await recordSsoEvent(tx, accountId, actor, 'scim.group_create', `${s.displayName} (${s.memberIds.length} members)`);
    return g.id;
  });
  return getScimGroup(prisma, accountId, id);
}
