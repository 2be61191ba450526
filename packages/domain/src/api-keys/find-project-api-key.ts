import type { ApiKey, PrismaClient } from '@upmon/db';

/** An API key of the project, or null (unknown, or another project's: the same answer). */
export function findProjectApiKey(prisma: PrismaClient, projectId: string, keyId: string): Promise<ApiKey | null> {
  return prisma.apiKey.findFirst({ where: { id: keyId, projectId } });
}
