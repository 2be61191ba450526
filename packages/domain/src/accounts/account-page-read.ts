import type { Invitation, MemberRole, PrismaClient } from '@upmon/db';

/** A member of an account as its page lists them. */
export interface AccountMember {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  hasPassword: boolean;
  hasTwoFactor: boolean;
}

/** What an account's page shows besides its projects: members (oldest first), open invitations, the two-factor rule. */
export interface AccountPageData {
  members: AccountMember[];
  invitations: Invitation[];
  requireTwoFactor: boolean;
}

export async function readAccountPage(prisma: PrismaClient, accountId: string, now: Date): Promise<AccountPageData> {
  const [members, invitations, account] = await Promise.all([
    prisma.membership.findMany({
      where: { accountId },
      include: { user: { include: { _count: { select: { securityKeys: true } } } } },
      orderBy: { createdAt: 'asc' },
    }),
    prisma.invitation.findMany({ where: { accountId, acceptedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: 'asc' } }),
    prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { requireTwoFactor: true } }),
  ]);
  return {
    members: members.map((x) => ({
      userId: x.userId,
      name: x.user.name,
      email: x.user.email,
      role: x.role,
      hasPassword: x.user.passwordHash !== null,
      hasTwoFactor: x.user.totpSecret !== null || x.user._count.securityKeys > 0,
    })),
    invitations,
    requireTwoFactor: account.requireTwoFactor,
  };
}
