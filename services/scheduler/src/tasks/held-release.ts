import type { SchedulerDeps, SchedulerTask } from '../task.js';
import { digestJobs } from './held-digests.js';

interface DueHeldRow {
  id: bigint;
  integration_id: number;
  check_id: string;
}

/**
 * Releases held notifications once due: the due rows of each (integration, check) become one
 * `digest` delivery (latest status + the held events), so a noisy night is one message per check
 * in the morning, and a flapping check one message per episode (docs/notifications.md). Rows held
 * for quiet hours are due at the end of their window. Rows of a flapping digest carry the digest's
 * release time as known when each was held, which only moves later as changes come: they are due
 * together, once the latest release time of the pending rows of their (integration, check) passed.
 * Rows held for maintenance are the maintenance-release task's: it looks at the windows again first.
 *
 * One transaction per batch: lock due rows (FOR UPDATE SKIP LOCKED, so several schedulers share
 * the work), enqueue the digests, mark the rows released, commit. The enqueue comes before the
 * commit: a crash in between leaves the rows due, and the next round enqueues the same digests
 * under the same job ids (derived from the held ids), which BullMQ collapses. If Redis is down
 * the enqueue throws, the transaction rolls back and the rows wait for the next round.
 * `released_at` means "enqueued", not "delivered": if Redis then loses its data, the
 * `redis-recovery` task rebuilds the digests released in its window from these rows (same job ids;
 * the notifier skips those its log shows as delivered).
 */
export function createHeldReleaseTask(deps: Pick<SchedulerDeps, 'prisma' | 'queues' | 'logger' | 'config'>): SchedulerTask {
  const { prisma, queues, logger, config } = deps;
  return {
    name: 'held-release',
    async runOnce(now: Date): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<DueHeldRow[]>`
          SELECT id, integration_id, check_id FROM held_notifications h
          WHERE released_at IS NULL AND release_at <= ${now} AND cause <> 'maintenance'
            AND (cause <> 'flapping' OR NOT EXISTS (
                  SELECT 1 FROM held_notifications l
                  WHERE l.integration_id = h.integration_id AND l.check_id = h.check_id AND l.cause = 'flapping'
                    AND l.released_at IS NULL AND l.release_at > ${now}))
          ORDER BY release_at, id
          LIMIT ${config.batchSize}
          FOR UPDATE SKIP LOCKED`;
        if (rows.length === 0) return 0;
        const jobs = digestJobs(rows);
        await queues.enqueueMany('deliveries', jobs);
        await tx.$executeRaw`UPDATE held_notifications SET released_at = ${now} WHERE id = ANY(${rows.map((r) => r.id)}::bigint[])`;
        logger.debug({ held: rows.length, digests: jobs.length }, 'held notifications released');
        return rows.length;
      });
    },
  };
}
