import { isInQuietHours, maintenanceOf, maintenanceSpecOf, parseQuietHours, quietHoursEnd } from '@upmon/core';
import { openMaintenanceWhere } from '@upmon/db';
import type { SchedulerDeps, SchedulerTask } from '../task.js';
import { digestJobs } from './held-digests.js';

interface DueRow {
  id: bigint;
  integration_id: number;
  check_id: string;
  project_id: string;
  check_status: string;
  check_tags: string[] | null;
  quiet_hours: unknown;
}

/** The delivery-log words of a maintenance hold that ended with the check up. */
export const MAINTENANCE_DROPPED_NOTE = 'maintenance ended with the check up: nothing sent';

/**
 * Ends the holds of notifications held during maintenance (the notifier's maintenance-hold.ts
 * writes them with `release_at` = the end of the occurrence then in progress). When that time
 * comes, the windows are looked at again as PostgreSQL holds them now:
 * - the check is still under maintenance (the window was extended, or another one applies, or
 *   the next occurrence of a recurring window follows): the rows wait until that one ends;
 * - the check is not down or late (up again, paused, or new): the rows are dropped
 *   (`dropped_at`), and the delivery log says nothing was sent;
 * - the integration is in its quiet hours: the rows wait for their end (and are looked at again);
 * - else one `digest` per (integration, check) says the maintenance ended with the check still
 *   down or late, enqueued like held-release's (same job ids, same Redis recovery).
 * Closing, changing or deleting a window makes its rows due at once (the api), so the digest
 * does not wait for the old end. Same transaction shape as the other tasks (lock with SKIP
 * LOCKED, decide, enqueue, mark, commit): any service may restart at any point without losing
 * or sending twice (docs/notifications.md, "Maintenance windows").
 */
export function createMaintenanceReleaseTask(deps: SchedulerDeps): SchedulerTask {
  const { prisma, queues, logger, config } = deps;
  return {
    name: 'maintenance-release',
    async runOnce(now: Date): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<DueRow[]>`
          SELECT h.id, h.integration_id, h.check_id, c.project_id, c.status::text AS check_status, c.tags AS check_tags, i.quiet_hours
          FROM held_notifications h
          JOIN checks c ON c.id = h.check_id
          JOIN integrations i ON i.id = h.integration_id
          WHERE h.cause = 'maintenance' AND h.released_at IS NULL AND h.dropped_at IS NULL AND h.release_at <= ${now}
          ORDER BY h.release_at, h.id
          LIMIT ${config.batchSize}
          FOR UPDATE OF h SKIP LOCKED`;
        if (rows.length === 0) return 0;
        // The projects' windows that may apply now.
        const windows = await tx.maintenanceWindow.findMany({
          where: { projectId: { in: [...new Set(rows.map((r) => r.project_id))] }, ...openMaintenanceWhere(now) },
        });

        const later = new Map<number, { ids: bigint[]; windowId: string | null }>();
        const wait = (at: Date, id: bigint, windowId: string | null) => {
          const key = at.getTime();
          const entry = later.get(key) ?? { ids: [], windowId };
          entry.ids.push(id);
          later.set(key, entry);
        };
        const drop: DueRow[] = [];
        const send: DueRow[] = [];
        for (const r of rows) {
          const projectWindows = windows.filter((w) => w.projectId === r.project_id).map(maintenanceSpecOf);
          const maintenance = maintenanceOf(projectWindows, { id: r.check_id, tags: r.check_tags ?? [] }, now);
          const quiet = parseQuietHours(r.quiet_hours);
          if (maintenance) wait(maintenance.end, r.id, maintenance.window.id);
          else if (r.check_status !== 'down' && r.check_status !== 'late') drop.push(r);
          else if (isInQuietHours(quiet, now)) wait(quietHoursEnd(quiet, now) as Date, r.id, null);
          else send.push(r);
        }

        for (const [at, { ids, windowId }] of later) {
          // A new window keeps the row's name for the digest; quiet hours keep the window it had.
          await tx.$executeRaw`UPDATE held_notifications SET release_at = ${new Date(at)}, maintenance_window_id = COALESCE(${windowId}::uuid, maintenance_window_id)
                               WHERE id = ANY(${ids}::bigint[])`;
        }
        if (drop.length > 0) {
          await tx.$executeRaw`UPDATE held_notifications SET dropped_at = ${now} WHERE id = ANY(${drop.map((r) => r.id)}::bigint[])`;
          await tx.notificationDelivery.createMany({
            data: digestJobs(drop).map((j) => ({
              integrationId: j.integrationId,
              checkId: j.checkId,
              event: 'digest',
              attempt: 1,
              status: 'held' as const,
              error: `${MAINTENANCE_DROPPED_NOTE} (${j.heldIds?.length} held notification${j.heldIds?.length === 1 ? '' : 's'} dropped)`,
            })),
          });
        }
        if (send.length > 0) {
          // The enqueue comes before the commit, as in held-release: a crash in between leaves
          // the rows due, and the next round enqueues the same job ids.
          await queues.enqueueMany('deliveries', digestJobs(send));
          await tx.$executeRaw`UPDATE held_notifications SET released_at = ${now} WHERE id = ANY(${send.map((r) => r.id)}::bigint[])`;
        }
        logger.debug({ due: rows.length, dropped: drop.length, sent: send.length }, 'maintenance holds looked at');
        return rows.length;
      });
    },
  };
}
