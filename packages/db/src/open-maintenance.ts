import type { Prisma } from '@prisma/client';

/**
 * The maintenance windows that may apply at `now` or later: recurring ones, and one-off ones
 * neither over nor ended early (core's maintenance rules decide which applies to what). The api's
 * screens and the scheduler's maintenance-release task read windows through it.
 */
export function openMaintenanceWhere(now: Date): Prisma.MaintenanceWindowWhereInput {
  return { OR: [{ schedule: { not: null } }, { endsAt: { gt: now }, endedAt: null }] };
}
