import type { ApiKey, PrismaClient } from '@upmon/db';

/** The project's API keys, revoked ones included (hashes only), newest first. */
export function listApiKeys(prisma: PrismaClient, projectId: string): Promise<ApiKey[]> {
  return prisma.apiKey.findMany({ where: { projectId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}
