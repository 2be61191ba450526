import type { Role } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';

/** Refused: the change would leave the account without an owner. */
export class LastOwnerError extends Error {
  constructor() {
    super('An account needs at least one owner: make someone else an owner first.');
  }
}

/** A new role for the member, or their removal from the account. */
export type MembershipChange = { role: Role } | 'remove';

/**
 * Changes a member's role or removes them, keeping at least one owner in the account (docs/web.md,
 * "Roles"). One transaction that first locks the account's row (`SELECT … FOR UPDATE`): changes to
 * an account's members run one at a time, so of two owners demoting or removing each other at the
 * same moment the second sees the first's change and is refused. `authorise` gets the roles of
 * the one making the change (null: no longer a member) and of the member, both read under the
 * lock, and throws to refuse. Returns the member as they were (role and address, for a record of
 * the change), or null when the user is not a member.
 */
export async function changeMembership(
  prisma: PrismaClient,
  change: { accountId: string; actorId: string; userId: string; to: MembershipChange },
  authorise: (roles: { actor: Role | null; target: Role }) => void,
): Promise<{ role: Role; email: string } | null> {
  const { accountId, userId, to } = change;
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
    const where = { accountId_userId: { accountId, userId } };
    const target = await tx.membership.findUnique({ where, include: { user: { select: { email: true } } } });
    const actor = await tx.membership.findUnique({ where: { accountId_userId: { accountId, userId: change.actorId } } });
    if (!target) return null;
    authorise({ actor: actor?.role ?? null, target: target.role });
    const losesOwner = target.role === 'owner' && (to === 'remove' || to.role !== 'owner');
    if (losesOwner && (await tx.membership.count({ where: { accountId, role: 'owner', NOT: { userId } } })) === 0) throw new LastOwnerError();
    if (to === 'remove') await tx.membership.delete({ where });
    else await tx.membership.update({ where, data: { role: to.role } });
    return { role: target.role, email: target.user.email };
  });
}
