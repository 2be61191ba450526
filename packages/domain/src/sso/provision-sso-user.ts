import { ROLES, type Role } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import { recordSsoEvent } from './sso-audit.js';
import { SsoRefusal } from './sso-refusal.js';

/** What an identity provider asserted about the person (after every check of its answer). */
export interface SsoAssertion {
  accountId: string;
  protocol: 'oidc' | 'saml';
  /** OIDC `sub`, SAML NameID. */
  subject: string;
  email: string | null;
  /** OIDC `email_verified`; SAML: the IdP vouches for the addresses it asserts. */
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

/** Higher first: a person in several mapped groups gets the highest role. */
const RANK: Record<Role, number> = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Record<Role, number>;

/** The role the account's group mappings give these groups, or null when none matches. */
export function roleForGroups(mappings: { groupName: string; role: Role }[], groups: readonly string[]): Role | null {
  let best: Role | null = null;
  for (const m of mappings) if (groups.includes(m.groupName) && (best === null || RANK[m.role] < RANK[best])) best = m.role;
  return best;
}

/**
 * The upmon user an SSO sign-in is for, provisioned just in time when the account allows it:
 * the address must be of a domain the account has verified (so the IdP vouches only for its own
 * people), and verified by the IdP. The subject is linked to the user on first use. The role
 * comes from the group mappings (on every sign-in, when the IdP sends groups and a mapping
 * matches), else the default role for a new member; the last owner is never demoted.
 */
export async function provisionSsoUser(prisma: PrismaClient, a: SsoAssertion, client: string | null, now: Date): Promise<{ id: string; email: string }> {
  const refuse = (reason: ConstructorParameters<typeof SsoRefusal>[0], message: string, email: string | null = null) =>
    new SsoRefusal(reason, message, a.accountId, email);
  const email = a.email ? normalizeEmail(a.email).slice(0, 254) : null;
  if (!email || !isPlausibleEmail(email)) throw refuse('email_missing', 'The identity provider did not send an e-mail address for you.');
  if (!a.emailVerified) throw refuse('email_unverified', `The identity provider has not verified the address ${email}.`, email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const verified = await prisma.ssoDomain.findFirst({ where: { accountId: a.accountId, domain, verifiedAt: { not: null } } });
  if (!verified)
    throw refuse('domain_unverified', `${domain} is not a domain this account has verified, so its identity provider cannot sign in ${email}.`, email);
  const settings = await prisma.ssoSettings.findUnique({ where: { accountId: a.accountId }, include: { groupRoles: true } });
  const mapped = roleForGroups(settings?.groupRoles ?? [], a.groups);

  return prisma.$transaction(async (tx) => {
    // Membership changes of an account run one at a time (the last-owner rule reads under this lock).
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${a.accountId}::uuid FOR UPDATE`;
    const actorOf = (u: { id: string; email: string }) => ({ kind: 'user' as const, userId: u.id, email: u.email, client });
    const identity = await tx.ssoIdentity.findUnique({
      where: { accountId_protocol_subject: { accountId: a.accountId, protocol: a.protocol, subject: a.subject } },
      include: { user: true },
    });
    let user = identity?.user ?? (await tx.user.findUnique({ where: { email } }));
    const membership = user ? await tx.membership.findUnique({ where: { accountId_userId: { accountId: a.accountId, userId: user.id } } }) : null;
    const deprovisioned = user && (await tx.scimUser.findFirst({ where: { accountId: a.accountId, userId: user.id, active: false } }));
    if (deprovisioned) throw refuse('not_provisioned', `${email} was deprovisioned from this account by its identity provider (SCIM).`, email);
    if (!membership && !settings?.jitEnabled)
      throw refuse('not_provisioned', `${email} is not a member of this account; ask an owner to invite you (or to turn on just-in-time provisioning).`, email);
    if (!user) user = await tx.user.create({ data: { email, name: (a.name ?? email.split('@')[0] ?? email).slice(0, 100) } });
    if (!membership) {
      const role = mapped ?? settings?.defaultRole ?? 'member';
      await tx.membership.create({ data: { accountId: a.accountId, userId: user.id, role } });
      await recordSsoEvent(tx, a.accountId, actorOf(user), 'sso.user_provisioned', `${email} as ${role} (${a.protocol})`);
    } else if (mapped && mapped !== membership.role) {
      const lastOwner =
        membership.role === 'owner' && (await tx.membership.count({ where: { accountId: a.accountId, role: 'owner', NOT: { userId: user.id } } })) === 0;
      const breakGlass = settings?.breakGlassUserId === user.id;
      if (!lastOwner && !breakGlass) {
        await tx.membership.update({ where: { accountId_userId: { accountId: a.accountId, userId: user.id } }, data: { role: mapped } });
        await recordSsoEvent(tx, a.accountId, actorOf(user), 'member.role_change', `${email}: ${membership.role} → ${mapped} (IdP groups)`);
      }
    }
    await tx.ssoIdentity.upsert({
      where: { accountId_protocol_subject: { accountId: a.accountId, protocol: a.protocol, subject: a.subject } },
      create: { accountId: a.accountId, protocol: a.protocol, subject: a.subject, userId: user.id, lastSignInAt: now },
      update: { lastSignInAt: now },
    });
    await recordSsoEvent(tx, a.accountId, actorOf(user), 'sso.sign_in', `${a.protocol === 'oidc' ? 'OpenID Connect' : 'SAML'}`);
    return { id: user.id, email: user.email };
  });
}
