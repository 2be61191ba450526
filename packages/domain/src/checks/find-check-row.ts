import type { Check, PrismaClient } from '@upmon/db';

/** The stored row of a check of the project (every column: what an edit form starts from), or null. */
export function findCheckRow(prisma: PrismaClient, projectId: string, checkId: string): Promise<Check | null> {
  return prisma.check.findFirst({ where: { id: checkId.toLowerCase(), projectId } });
}
