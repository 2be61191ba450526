import type { Integration, PrismaClient } from '@upmon/db';

/** The project's integrations as stored, oldest first (the web app's list; configs still sealed). */
export function listIntegrations(prisma: PrismaClient, projectId: string): Promise<Integration[]> {
  return prisma.integration.findMany({ where: { projectId }, orderBy: { id: 'asc' } });
}
