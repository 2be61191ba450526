import type { Prisma, PrismaClient } from '@upmon/db';
import { ScimError } from './scim-error.js';
import type { ScimEquality } from './scim-filter.js';

export const SCIM_GROUP_INCLUDE = { members: { include: { user: { select: { id: true, userName: true } } } } } as const;
export const SCIM_GROUP_FILTERS = ['displayname', 'externalid', 'id'] as const;

function whereOf(accountId: string, filters: ScimEquality[]): Prisma.ScimGroupWhereInput {
  const and: Prisma.ScimGroupWhereInput[] = filters.map((f) =>
    f.attribute === 'displayname'
      ? { displayName: f.value }
      : f.attribute === 'externalid'
        ? { externalId: f.value }
        : { id: /^[0-9a-f-]{36}$/i.test(f.value) ? f.value : '00000000-0000-0000-0000-000000000000' },
  );
  return and.length ? { accountId, AND: and } : { accountId };
}

export async function listScimGroups(prisma: PrismaClient, accountId: string, filters: ScimEquality[], page: { startIndex: number; count: number }) {
  const where = whereOf(accountId, filters);
  const [total, rows] = await Promise.all([
    prisma.scimGroup.count({ where }),
    page.count === 0
      ? Promise.resolve([])
      : prisma.scimGroup.findMany({
          where,
          include: SCIM_GROUP_INCLUDE,
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          skip: page.startIndex - 1,
          take: page.count,
        }),
  ]);
  return { total, rows };
}

export async function getScimGroup(db: PrismaClient | Prisma.TransactionClient, accountId: string, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await db.scimGroup.findFirst({ where: { id, accountId }, include: SCIM_GROUP_INCLUDE }) : null;
  if (!row) throw new ScimError(404, `no Group ${id.slice(0, 40)} in this account`);
  return row;
}
