import type { PrismaClient } from '@upmon/db';

/** A project's status page as configured: groups in order, each with its check ids in order. */
export interface StatusPageSettings {
  publicKey: string;
  title: string;
  enabled: boolean;
  groups: { name: string; checkIds: string[] }[];
  createdAt: Date;
  updatedAt: Date;
}

/** The project's status page, or null when it has none. */
export async function readStatusPageSettings(prisma: PrismaClient, projectId: string): Promise<StatusPageSettings | null> {
  const row = await prisma.statusPage.findUnique({
    where: { projectId },
    include: { groups: { orderBy: { position: 'asc' }, include: { checks: { orderBy: { position: 'asc' }, select: { checkId: true } } } } },
  });
  if (!row) return null;
  return {
    publicKey: row.publicKey,
    title: row.title,
    enabled: row.enabled,
    groups: row.groups.map((g) => ({ name: g.name, checkIds: g.checks.map((c) => c.checkId) })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
