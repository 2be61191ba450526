import { Prisma, type PrismaClient } from '@upmon/db';
import type { ListedItem } from './keyset-walk.js';
import { parsePosition, positionSql } from './keyset-position.js';

/** Tables whose lists are newest first, (created_at DESC, id): each has an index leading with its owner. */
type NewestFirstTable = 'maintenance_windows' | 'private_locations';

const POSITION_SQL = Prisma.raw(positionSql('created_at', 'id'));

/**
 * A keyset page of `table` newest first: the ids and positions of up to `count` rows matching
 * `where` after the position `after`. Read in SQL (a Date would cut the microseconds of
 * created_at, and two rows in one millisecond could then be skipped at a page's edge); the
 * caller reads the rows themselves by id (see inKeyOrder).
 */
export async function newestFirstKeys(
  prisma: PrismaClient,
  table: NewestFirstTable,
  where: Prisma.Sql,
  after: string | null,
  count: number,
): Promise<{ id: string; position: string }[]> {
  const from = parsePosition(after);
  const past = from ? Prisma.sql`AND (created_at < ${from[0]}::timestamptz OR (created_at = ${from[0]}::timestamptz AND id > ${from[1]}::uuid))` : Prisma.empty;
  return prisma.$queryRaw`SELECT id::text AS id, ${POSITION_SQL} AS position FROM ${Prisma.raw(table)}
                          WHERE ${where} ${past} ORDER BY created_at DESC, id LIMIT ${count}`;
}

/** `rows` (read by the ids of `keys`) in the order of `keys`, presented; a row gone meanwhile has json null. */
export function inKeyOrder<R extends { id: string }>(keys: { id: string; position: string }[], rows: R[], present: (row: R) => unknown): ListedItem[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keys.map(({ id, position }) => {
    const row = byId.get(id);
    return { position, json: row ? JSON.stringify(present(row)) : null };
  });
}
