import type { Prisma, PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * After a window was closed, changed or deleted, the notifications it holds are due at once: the
 * scheduler's maintenance-release task looks at them within a round (sends one digest if the
 * check is still not up and no other maintenance applies, docs/notifications.md).
 */
export async function releaseMaintenanceHolds(db: Db, windowId: string, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE held_notifications SET release_at = ${now}
    WHERE maintenance_window_id = ${windowId}::uuid AND cause = 'maintenance' AND released_at IS NULL AND dropped_at IS NULL AND release_at > ${now}`;
}

/** Refuses check ids that are not checks of the project (422 naming them). */
export async function requireProjectChecks(db: Db, projectId: string, checkIds: readonly string[]): Promise<void> {
  if (checkIds.length === 0) return;
  const found = await db.check.findMany({ where: { projectId, id: { in: [...checkIds] } }, select: { id: true } });
  const known = new Set(found.map((c) => c.id));
  const unknown = checkIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw ApiError.validation({ checks: [`not checks of this project: ${unknown.join(', ')}`] });
}

/** The window of the project, or 404. */
export async function findMaintenance(db: Db, projectId: string, id: string) {
  const w = await db.maintenanceWindow.findFirst({ where: { id, projectId } });
  if (!w) throw ApiError.notFound('maintenance window not found');
  return w;
}
