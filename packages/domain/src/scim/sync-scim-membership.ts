import type { Prisma } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { roleForGroups } from '../sso/provision-sso-user.js';
import { ScimError } from './scim-error.js';

/**
 * Makes the account's membership follow a SCIM user (inside the caller's transaction, after the
 * account's row is locked): active → a member, with the role their SCIM groups map to (else the
 * default role when they join); inactive or deleted → no longer a member, every session of theirs
 * ended and their pending sign-in links spent, at once. Never leaves the account without an
 * owner: deprovisioning its last owner is refused with 409 (and it is never demoted).
 */
export async function syncScimMembership(
  tx: Prisma.TransactionClient,
  accountId: string,
  scimUser: { id: string; userId: string; userName: string; active: boolean },
  actor: Actor,
  now: Date,
): Promise<void> {
  const where = { accountId_userId: { accountId, userId: scimUser.userId } };
  const membership = await tx.membership.findUnique({ where });
  const otherOwners = () => tx.membership.count({ where: { accountId, role: 'owner', NOT: { userId: scimUser.userId } } });
  const settings = await tx.ssoSettings.findUnique({ where: { accountId }, include: { groupRoles: true } });
  if (!scimUser.active) {
    if (!membership) return;
    if (membership.role === 'owner' && (await otherOwners()) === 0)
      throw new ScimError(409, `${scimUser.userName} is the account's last owner: make someone else an owner before deprovisioning them`, 'mutability');
    await tx.membership.delete({ where });
    await tx.session.deleteMany({ where: { userId: scimUser.userId } });
    await tx.userToken.updateMany({ where: { userId: scimUser.userId, usedAt: null, purpose: { in: ['sign_in', 'two_factor'] } }, data: { usedAt: now } });
    if (settings?.breakGlassUserId === scimUser.userId) await tx.ssoSettings.update({ where: { accountId }, data: { breakGlassUserId: null } });
    await recordSsoEvent(tx, accountId, actor, 'member.remove', `${scimUser.userName} (deprovisioned by SCIM; sessions ended)`);
    return;
  }
  const groups = await tx.scimGroupMember.findMany({ where: { scimUserId: scimUser.id }, include: { group: { select: { displayName: true } } } });
  const mappings = settings?.groupRoles ?? [];
  const mapped = roleForGroups(
    mappings,
    groups.map((g) => g.group.displayName),
  );
  const defaultRole = settings?.defaultRole ?? 'member';
  if (!membership) {
    const role = mapped ?? defaultRole;
    await tx.membership.create({ data: { accountId, userId: scimUser.userId, role } });
    await recordSsoEvent(tx, accountId, actor, 'member.join', `${scimUser.userName} as ${role} (SCIM)`);
    return;
  }
  // With group mappings, the IdP's groups decide: a person in no mapped group has the default role.
  // The break-glass owner and the last owner keep their role.
  const target = mappings.length > 0 ? (mapped ?? defaultRole) : null;
  if (!target || target === membership.role || settings?.breakGlassUserId === scimUser.userId) return;
  if (membership.role === 'owner' && (await otherOwners()) === 0) return;
  await tx.membership.update({ where, data: { role: target } });
  await recordSsoEvent(tx, accountId, actor, 'member.role_change', `${scimUser.userName}: ${membership.role} → ${target} (SCIM groups)`);
}

/** Locks the account's row: membership changes of one account run one at a time. */
export async function lockAccount(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
}
