import type { PrismaClient } from '@upmon/db';
import type { ProjectScope } from '../project-scope.js';
import { findMaintenance, releaseMaintenanceHolds } from './maintenance-holds.js';

/** Deletes a window; what it held is looked at at once (and sent if the check is still not up). */
export async function deleteMaintenance(prisma: PrismaClient, auth: ProjectScope, id: string, now: Date): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const stored = await findMaintenance(tx, auth.projectId, id);
    await tx.maintenanceWindow.delete({ where: { id: stored.id } });
    await releaseMaintenanceHolds(tx, stored.id, now);
  });
}
