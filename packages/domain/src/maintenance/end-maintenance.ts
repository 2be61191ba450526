import { activeOccurrence, maintenanceSpecOf, nextOccurrence } from '@upmon/core';
import type { MaintenanceWindow, PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { findMaintenance, releaseMaintenanceHolds } from './maintenance-holds.js';

/**
 * Closes a window now: the occurrence in progress ends (a recurring window's later occurrences
 * still come), an upcoming one-off is called off. What it held is looked at at once, so the
 * digest of a check still down goes out within a scheduler round. 409 when nothing is in
 * progress or to come.
 */
export async function endMaintenance(prisma: PrismaClient, auth: ProjectScope, id: string, now: Date): Promise<MaintenanceWindow> {
  return prisma.$transaction(async (tx) => {
    const stored = await findMaintenance(tx, auth.projectId, id);
    const spec = maintenanceSpecOf(stored);
    const cancellable = activeOccurrence(spec, now) !== null || (stored.schedule === null && nextOccurrence(spec, now) !== null);
    if (!cancellable) {
      throw new ApiError(
        'conflict',
        stored.schedule === null ? 'this maintenance window has already ended' : 'this recurring maintenance window is not in progress: nothing to end',
      );
    }
    const ended = await tx.maintenanceWindow.update({ where: { id: stored.id }, data: { endedAt: now } });
    await releaseMaintenanceHolds(tx, stored.id, now);
    return ended;
  });
}
