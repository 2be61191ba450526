import type { PrismaClient } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from '../sso/sso-audit.js';
import { ScimError } from './scim-error.js';
import { getScimUser } from './scim-user-reads.js';
import { personName, scimUserColumns, type ScimUserState } from './scim-user-input.js';
import { lockAccount, syncScimMembership } from './sync-scim-membership.js';

/** The address must be of a domain the account has verified: a SCIM token provisions its own people only. */
export async function requireVerifiedDomain(prisma: PrismaClient, accountId: string, email: string): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!(await prisma.ssoDomain.findFirst({ where: { accountId, domain, verifiedAt: { not: null } } })))
    throw new ScimError(400, `${email} is not of a domain this account has verified (${domain}); verify it on the SSO page first`, 'invalidValue');
}

/**
 * POST /Users: provisions a person (an existing upmon user with that address, or a new one without
 * a password: they sign in through the IdP) and, when active, makes them a member.
 */
export async function createScimUser(prisma: PrismaClient, accountId: string, actor: Actor, s: ScimUserState, now: Date) {
  await requireVerifiedDomain(prisma, accountId, s.email);
  const id = await prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if (await tx.scimUser.findFirst({ where: { accountId, userName: s.userName } }))
      throw new ScimError(409, `a User with userName ${s.userName} already exists`, 'uniqueness');
    const user = (await tx.user.findUnique({ where: { email: s.email } })) ?? (await tx.user.create({ data: { email: s.email, name: personName(s) } }));
    if (await tx.scimUser.findFirst({ where: { accountId, userId: user.id } })) throw new ScimError(409, `a User for ${s.email} already exists`, 'uniqueness');
    const row = await tx.scimUser.create({ data: { accountId, userId: user.id, ...scimUserColumns(s) } });
    await syncScimMembership(tx, accountId, { id: row.id, userId: user.id, userName: row.userName, active: row.active }, actor, now);
    await recordSsoEvent(tx, accountId, actor, 'scim.user_create', `${s.userName}${s.active ? '' : ' (inactive)'}`);
    return row.id;
  });
  return getScimUser(prisma, accountId, id);
}
