import type { PrismaClient } from '@upmon/db';

/** A check as a choice in a form: its id and name. */
export interface CheckName {
  id: string;
  name: string;
}

/**
 * The project's checks by name (then id), but `exceptId`: what a form offers to choose from
 * (a check's dependencies, a maintenance window's or a status page's checks).
 */
export function listCheckNames(prisma: PrismaClient, projectId: string, exceptId?: string): Promise<CheckName[]> {
  return prisma.check.findMany({
    where: { projectId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
