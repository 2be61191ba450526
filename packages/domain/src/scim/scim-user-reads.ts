import type { Prisma, PrismaClient } from '@upmon/db';
import { ScimError } from './scim-error.js';
import type { ScimEquality } from './scim-filter.js';

export const SCIM_USER_INCLUDE = {
  user: { select: { email: true } },
  groups: { include: { group: { select: { id: true, displayName: true } } } },
} as const;

export const SCIM_USER_FILTERS = ['username', 'externalid', 'emails.value', 'emails[type eq "work"].value', 'id'] as const;

function whereOf(accountId: string, filters: ScimEquality[]): Prisma.ScimUserWhereInput {
  const where: Prisma.ScimUserWhereInput = { accountId };
  const and: Prisma.ScimUserWhereInput[] = [];
  for (const f of filters) {
    if (f.attribute === 'username') and.push({ userName: f.value.toLowerCase() });
    else if (f.attribute === 'externalid') and.push({ externalId: f.value });
    else if (f.attribute === 'id') and.push(/^[0-9a-f-]{36}$/i.test(f.value) ? { id: f.value } : { id: '00000000-0000-0000-0000-000000000000' });
    else and.push({ user: { is: { email: f.value.toLowerCase() } } });
  }
  return and.length ? { ...where, AND: and } : where;
}

/** One page of the account's SCIM users matching the filters, and how many match in all. */
export async function listScimUsers(prisma: PrismaClient, accountId: string, filters: ScimEquality[], page: { startIndex: number; count: number }) {
  const where = whereOf(accountId, filters);
  const [total, rows] = await Promise.all([
    prisma.scimUser.count({ where }),
    page.count === 0
      ? Promise.resolve([])
      : prisma.scimUser.findMany({
          where,
          include: SCIM_USER_INCLUDE,
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          skip: page.startIndex - 1,
          take: page.count,
        }),
  ]);
  return { total, rows };
}

/** A SCIM user of the account, or 404. */
export async function getScimUser(db: PrismaClient | Prisma.TransactionClient, accountId: string, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await db.scimUser.findFirst({ where: { id, accountId }, include: SCIM_USER_INCLUDE }) : null;
  if (!row) throw new ScimError(404, `no User ${id.slice(0, 40)} in this account`);
  return row;
}
