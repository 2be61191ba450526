import type { MaintenanceWindow, PrismaClient } from '@upmon/db';
import type { ProjectScope } from '../project-scope.js';
import { isoTimestamp } from '../timestamps.js';
import { validateMaintenanceInput } from './maintenance-input.js';
import { findMaintenance, releaseMaintenanceHolds, requireProjectChecks } from './maintenance-holds.js';

const WHEN = ['starts_at', 'ends_at', 'schedule', 'tz', 'duration_min'];
const SCOPE = ['checks', 'tags'];

/** The stored window as a request body. */
function asBody(w: MaintenanceWindow): Record<string, unknown> {
  const body: Record<string, unknown> = { name: w.name };
  if (w.schedule !== null) Object.assign(body, { schedule: w.schedule, tz: w.tz, duration_min: w.durationMin });
  else if (w.startsAt && w.endsAt) Object.assign(body, { starts_at: isoTimestamp(w.startsAt), ends_at: isoTimestamp(w.endsAt) });
  if (w.scope === 'checks') body.checks = w.checkIds;
  if (w.scope === 'tags') body.tags = w.tags;
  return body;
}

/**
 * Changes a window: the fields given replace the stored ones, and giving any of its times (or
 * its scope) replaces all of them, so a window can change form. New times reopen a window
 * closed early. The notifications it holds are looked at again at once (the new end may be
 * earlier, or a check may have left its scope).
 */
export async function updateMaintenance(
  prisma: PrismaClient,
  auth: ProjectScope,
  id: string,
  body: Record<string, unknown>,
  now: Date,
): Promise<MaintenanceWindow> {
  return prisma.$transaction(async (tx) => {
    const stored = await findMaintenance(tx, auth.projectId, id);
    const merged = asBody(stored);
    const given = (keys: string[]) => keys.some((k) => k in body);
    if (given(WHEN)) for (const k of WHEN) delete merged[k];
    if (given(SCOPE)) for (const k of SCOPE) delete merged[k];
    const input = validateMaintenanceInput({ ...merged, ...body }, now, given(WHEN));
    await requireProjectChecks(tx, auth.projectId, input.checkIds);
    const updated = await tx.maintenanceWindow.update({ where: { id: stored.id }, data: { ...input, ...(given(WHEN) ? { endedAt: null } : {}) } });
    await releaseMaintenanceHolds(tx, stored.id, now);
    return updated;
  });
}
