import type { Role } from '@upmon/core';
import type { Prisma, PrismaClient } from '@upmon/db';
import { normalizeEmail } from './emails.js';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * The user with this e-mail (created, with `name`, if new) made a member of the account with
 * `role`. An existing membership keeps its role unless `role` is given again explicitly.
 */
export async function addUserToAccount(db: Db, opts: { accountId: string; email: string; name: string; role: Role }) {
  const email = normalizeEmail(opts.email);
  const user = await db.user.upsert({ where: { email }, create: { email, name: opts.name }, update: {} });
  const membership = await db.membership.upsert({
    where: { accountId_userId: { accountId: opts.accountId, userId: user.id } },
    create: { accountId: opts.accountId, userId: user.id, role: opts.role },
    update: { role: opts.role },
  });
  return { user, membership };
}
