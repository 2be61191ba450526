import { activeOccurrence, maintenanceOf, maintenanceSpecOf, nextOccurrence, type Occurrence } from '@upmon/core';
import { openMaintenanceWhere, type MaintenanceWindow, type PrismaClient } from '@upmon/db';

/** A window with its state at the time asked. */
export interface MaintenanceView {
  window: MaintenanceWindow;
  current: Occurrence | null;
  next: Occurrence | null;
}

/** The windows of a project that may apply now or later (recurring, or one-off not over). */
export function openMaintenanceWindows(prisma: PrismaClient, projectId: string, now: Date): Promise<MaintenanceWindow[]> {
  return prisma.maintenanceWindow.findMany({
    where: { projectId, ...openMaintenanceWhere(now) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/**
 * The windows of a project that may have applied at any time since `since` (recurring, or one-off
 * ending after it, closed early or not: core's occurrences stop at `endedAt`): the dashboard's
 * last 24 hours and its "in maintenance" mark.
 */
export function maintenanceWindowsSince(prisma: PrismaClient, projectId: string, since: Date): Promise<MaintenanceWindow[]> {
  return prisma.maintenanceWindow.findMany({
    where: { projectId, OR: [{ schedule: { not: null } }, { endsAt: { gt: since } }] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** Each window with its occurrence in progress and its next one. */
export function maintenanceViews(windows: readonly MaintenanceWindow[], now: Date): MaintenanceView[] {
  return windows.map((w) => ({ window: w, current: activeOccurrence(maintenanceSpecOf(w), now), next: nextOccurrence(maintenanceSpecOf(w), now) }));
}

/** The maintenance a check is under now (the window ending last), or null. */
export async function checkMaintenance(
  prisma: PrismaClient,
  check: { id: string; projectId: string; tags: readonly string[] },
  now: Date,
): Promise<{ name: string; end: Date } | null> {
  const windows = await openMaintenanceWindows(prisma, check.projectId, now);
  const found = maintenanceOf(windows.map(maintenanceSpecOf), check, now);
  return found ? { name: found.window.name, end: found.end } : null;
}
