import type { Prisma } from '@upmon/db';
import { ApiError, type FieldErrors } from '../errors.js';

/**
 * Refuses user ids that are not members of the account (422 naming each one's field, e.g.
 * `users.2`): a schedule may only page people of its own account.
 */
export async function requireAccountMembers(
  db: Prisma.TransactionClient,
  accountId: string,
  userIds: readonly string[],
  field: (index: number) => string,
): Promise<void> {
  const found = await db.membership.findMany({ where: { accountId, userId: { in: [...new Set(userIds)] } }, select: { userId: true } });
  const members = new Set(found.map((m) => m.userId));
  const errors: FieldErrors = {};
  userIds.forEach((id, i) => {
    if (!members.has(id)) errors[field(i)] = ['is not a member of this account'];
  });
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
}
