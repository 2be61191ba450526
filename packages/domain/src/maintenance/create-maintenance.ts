import type { MaintenanceWindow, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import type { MaintenanceInput } from './maintenance-input.js';
import { requireProjectChecks } from './maintenance-holds.js';

/**
 * Windows of a project that are not over (recurring, or one-off still to end) at most: the
 * notifier reads them all at each delivery of the project's checks, so they must stay few.
 */
export const MAINTENANCE_OPEN_MAX = 50;

/** Creates a window in the key's project. */
export async function createMaintenance(prisma: PrismaClient, auth: ProjectScope, input: MaintenanceInput, now: Date): Promise<MaintenanceWindow> {
  await requireProjectChecks(prisma, auth.projectId, input.checkIds);
  const open = await prisma.maintenanceWindow.count({
    where: { projectId: auth.projectId, OR: [{ schedule: { not: null } }, { endsAt: { gt: now }, endedAt: null }] },
  });
  if (open >= MAINTENANCE_OPEN_MAX) {
    throw new ApiError('conflict', `a project has at most ${MAINTENANCE_OPEN_MAX} maintenance windows that are recurring or not over: delete some first`);
  }
  return prisma.$transaction(async (tx) => {
    const row = await tx.maintenanceWindow.create({ data: { projectId: auth.projectId, ...input } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'maintenance.create',
      target: maintenanceTarget(row),
    });
    return row;
  });
}

/** How the audit log names a maintenance window. */
export function maintenanceTarget(w: { id: string; name: string }): string {
  return `maintenance window "${w.name}" (${w.id})`;
}
