import type { Integration, PrismaClient } from '@upmon/db';

/** An integration of the project as stored, or null (unknown, or another project's: the same answer). */
export function findIntegration(prisma: PrismaClient, projectId: string, integrationId: number): Promise<Integration | null> {
  return prisma.integration.findFirst({ where: { id: integrationId, projectId } });
}
