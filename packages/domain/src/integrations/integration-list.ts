import type { PrismaClient } from '@upmon/db';
import type { KeysetRead } from '../lists/keyset-walk.js';
import { INTEGRATION_ROW_SELECT, presentIntegration } from './integration-presenter.js';

const POSITION = /^[1-9][0-9]{0,9}$/;

/** The project's integrations by id (the order of GET /integrations), as keyset reads; the position is the id. */
export function integrationPages(prisma: PrismaClient, projectId: string): KeysetRead {
  return async (after, count) => {
    const from = after !== null && POSITION.test(after) ? Number(after) : null;
    const rows = await prisma.integration.findMany({
      where: { projectId, ...(from === null ? {} : { id: { gt: from } }) },
      orderBy: { id: 'asc' },
      take: count,
      select: INTEGRATION_ROW_SELECT,
    });
    return rows.map((row) => ({ position: String(row.id), json: JSON.stringify(presentIntegration(row)) }));
  };
}
