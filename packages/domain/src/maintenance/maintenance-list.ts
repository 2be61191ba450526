import { MAINTENANCE_KEPT_DAYS } from '@upmon/core';
import type { MaintenanceWindow, PrismaClient } from '@upmon/db';

/**
 * The project's windows that are recurring or ended less than 30 days ago (older one-off windows
 * are pruned by the scheduler's retention task, and left out here until then), newest first.
 */
export function listMaintenance(prisma: PrismaClient, projectId: string, now: Date): Promise<MaintenanceWindow[]> {
  const since = new Date(now.getTime() - MAINTENANCE_KEPT_DAYS * 86_400_000);
  return prisma.maintenanceWindow.findMany({
    where: { projectId, OR: [{ schedule: { not: null } }, { endsAt: { gt: since } }] },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
}
