import type { MaintenanceWindow, PrismaClient } from '@upmon/db';

/** One-off windows over for longer than this are left out of lists (still readable by id). */
export const MAINTENANCE_LIST_PAST_DAYS = 30;

/** The project's windows that are recurring or ended less than 30 days ago, newest first. */
export function listMaintenance(prisma: PrismaClient, projectId: string, now: Date): Promise<MaintenanceWindow[]> {
  const since = new Date(now.getTime() - MAINTENANCE_LIST_PAST_DAYS * 86_400_000);
  return prisma.maintenanceWindow.findMany({
    where: { projectId, OR: [{ schedule: { not: null } }, { endsAt: { gt: since } }] },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
}
