import type { Prisma } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { ScimError } from './scim-error.js';
import { syncScimMembership } from './sync-scim-membership.js';

/** Sets a group's members (SCIM users of the same account only) and re-syncs the roles of everyone whose groups changed. */
export async function setGroupMembers(
  tx: Prisma.TransactionClient,
  accountId: string,
  groupId: string,
  memberIds: string[],
  actor: Actor,
  now: Date,
): Promise<void> {
  const users = memberIds.length ? await tx.scimUser.findMany({ where: { accountId, id: { in: memberIds.filter((m) => /^[0-9a-f-]{36}$/i.test(m)) } } }) : [];
  if (users.length !== memberIds.length) {
    const known = new Set(users.map((u) => u.id));
    throw new ScimError(400, `members: no User ${memberIds.find((m) => !known.has(m))!.slice(0, 64)} in this account`, 'invalidValue');
  }
  const before = await tx.scimGroupMember.findMany({ where: { groupId } });
  await tx.scimGroupMember.deleteMany({ where: { groupId } });
  if (users.length) await tx.scimGroupMember.createMany({ data: users.map((u) => ({ groupId, scimUserId: u.id })) });
  const touched = new Set([...before.map((b) => b.scimUserId), ...users.map((u) => u.id)]);
  const affected = await tx.scimUser.findMany({ where: { id: { in: [...touched] }, active: true } });
  for (const u of affected) await syncScimMembership(tx, accountId, u, actor, now);
}
