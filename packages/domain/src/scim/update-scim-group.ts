import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { ScimError } from './scim-error.js';
import type { ScimGroupState } from './scim-group-input.js';
import { getScimGroup } from './scim-group-reads.js';
import { setGroupMembers } from './scim-group-members.js';
import { lockAccount } from './sync-scim-membership.js';

/** PUT or PATCH /Groups/{id}: the group's new state. */
export async function updateScimGroup(
  prisma: PrismaClient,
  accountId: string,
  actor: Actor,
  id: string,
  next: (current: ScimGroupState) => ScimGroupState,
  now: Date,
) {
  const before = await getScimGroup(prisma, accountId, id);
  const s = next({ displayName: before.displayName, externalId: before.externalId, memberIds: before.members.map((m) => m.user.id) });
  await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if (s.displayName !== before.displayName && (await tx.scimGroup.findFirst({ where: { accountId, displayName: s.displayName, NOT: { id } } })))
      throw new ScimError(409, `a Group named ${s.displayName} already exists`, 'uniqueness');
    await tx.scimGroup.update({ where: { id }, data: { displayName: s.displayName, externalId: s.externalId, version: { increment: 1 } } });
    await setGroupMembers(tx, accountId, id, s.memberIds, actor, now);
    await recordSsoEvent(tx, accountId, actor, 'scim.group_update', `${s.displayName} (${s.memberIds.length} members)`);
  });
  return getScimGroup(prisma, accountId, id);
}
