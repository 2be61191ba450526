import type { PrismaClient } from '@upmon/db';
import type { ProjectScope } from '../project-scope.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { maintenanceTarget } from './create-maintenance.js';
import { findMaintenance, releaseMaintenanceHolds } from './maintenance-holds.js';

/** Deletes a window; what it held is looked at at once (and sent if the check is still not up). */
export async function deleteMaintenance(prisma: PrismaClient, auth: ProjectScope, id: string, now: Date): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const stored = await findMaintenance(tx, auth.projectId, id);
    await tx.maintenanceWindow.delete({ where: { id: stored.id } });
    await releaseMaintenanceHolds(tx, stored.id, now);
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'maintenance.delete',
      target: maintenanceTarget(stored),
    });
  });
}
