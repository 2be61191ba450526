import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { requireVerifiedDomain } from './create-scim-user.js';
import { ScimError } from './scim-error.js';
import { getScimUser } from './scim-user-reads.js';
import { personName, scimUserColumns, type ScimUserState } from './scim-user-input.js';
import { lockAccount, syncScimMembership } from './sync-scim-membership.js';

/** The state of a stored SCIM user (what PATCH applies its operations to). */
export function scimUserState(row: Awaited<ReturnType<typeof getScimUser>>): ScimUserState {
  return {
    userName: row.userName,
    externalId: row.externalId,
    givenName: row.givenName,
    familyName: row.familyName,
    displayName: row.displayName,
    email: row.user.email,
    active: row.active,
  };
}

/**
 * PUT or PATCH /Users/{id}: the new state. `active: false` deprovisions at once (membership and
 * sessions; never the last owner); `active: true` provisions again. A changed address moves the
 * resource to the upmon user of that address (created when new), within verified domains.
 */
export async function updateScimUser(
  prisma: PrismaClient,
  accountId: string,
  actor: Actor,
  id: string,
  next: (current: ScimUserState) => ScimUserState,
  now: Date,
) {
  const before = await getScimUser(prisma, accountId, id);
  const s = next(scimUserState(before));
  if (s.email !== before.user.email) await requireVerifiedDomain(prisma, accountId, s.email);
  await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const row = await tx.scimUser.findFirst({ where: { id, accountId } });
    if (!row) throw new ScimError(404, `no User ${id} in this account`);
    if (s.userName !== row.userName && (await tx.scimUser.findFirst({ where: { accountId, userName: s.userName, NOT: { id } } })))
      throw new ScimError(409, `a User with userName ${s.userName} already exists`, 'uniqueness');
    let userId = row.userId;
    if (s.email !== before.user.email) {
      // Deprovision the old person, provision the new address.
      await syncScimMembership(tx, accountId, { id, userId, userName: row.userName, active: false }, actor, now);
      const user = (await tx.user.findUnique({ where: { email: s.email } })) ?? (await tx.user.create({ data: { email: s.email, name: personName(s) } }));
      if (await tx.scimUser.findFirst({ where: { accountId, userId: user.id, NOT: { id } } }))
        throw new ScimError(409, `a User for ${s.email} already exists`, 'uniqueness');
      userId = user.id;
    }
    await tx.scimUser.update({
      where: { id },
      data: { userId, ...scimUserColumns(s), version: { increment: 1 } },
    });
    await syncScimMembership(tx, accountId, { id, userId, userName: s.userName, active: s.active }, actor, now);
    const action = before.active && !s.active ? 'scim.user_deactivate' : 'scim.user_update';
    await recordSsoEvent(tx, accountId, actor, action, s.userName);
  });
  return getScimUser(prisma, accountId, id);
}
