import { randomToken } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';

/** A new project of the account, with a ping key of its own for slug URLs. */
export function createProject(prisma: PrismaClient, accountId: string, name: string): Promise<{ id: string }> {
  return prisma.project.create({ data: { accountId, name, pingKey: randomToken(16) }, select: { id: true } });
}
