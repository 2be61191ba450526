import { MAINTENANCE_KEPT_DAYS } from '@upmon/core';
import { Prisma, type MaintenanceWindow, type PrismaClient } from '@upmon/db';
import type { KeysetRead } from '../lists/keyset-walk.js';
import { inKeyOrder, newestFirstKeys } from '../lists/newest-first-keys.js';
import { presentMaintenance } from './maintenance-presenter.js';

const keptSince = (now: Date) => new Date(now.getTime() - MAINTENANCE_KEPT_DAYS * 86_400_000);

/**
 * The project's windows that are recurring or ended less than 30 days ago (older one-off windows
 * are pruned by the scheduler's retention task, and left out here until then), newest first: the
 * web app's page (at most 50 windows not over, and the last 30 days').
 */
export function listMaintenance(prisma: PrismaClient, projectId: string, now: Date): Promise<MaintenanceWindow[]> {
  return prisma.maintenanceWindow.findMany({
    where: { projectId, OR: [{ schedule: { not: null } }, { endsAt: { gt: keptSince(now) } }] },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  });
}

/** The windows of listMaintenance as keyset reads: GET /maintenance streams them a page at a time. */
export function maintenancePages(prisma: PrismaClient, projectId: string, now: Date): KeysetRead {
  const since = keptSince(now);
  const where = Prisma.sql`project_id = ${projectId}::uuid AND (schedule IS NOT NULL OR ends_at > ${since.toISOString()}::timestamptz)`;
  return async (after, count) => {
    const keys = await newestFirstKeys(prisma, 'maintenance_windows', where, after, count);
    const rows = keys.length > 0 ? await prisma.maintenanceWindow.findMany({ where: { id: { in: keys.map((k) => k.id) } } }) : [];
    return inKeyOrder(keys, rows, (w) => presentMaintenance(w, now));
  };
}
