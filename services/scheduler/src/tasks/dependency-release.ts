import { isInQuietHours, parseQuietHours, quietHoursEnd } from '@upmon/core';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

interface WaitingRow {
  id: bigint;
  flip_id: bigint | null;
  check_status: string;
  latest_flip_id: bigint | null;
  dependency_down: boolean;
  quiet_hours: unknown;
}

/**
 * Ends the holds of notifications held while a dependency of their check was down (the
 * notifier's dependency-hold.ts writes them with `release_at` NULL: they wait on a condition, not
 * a time). Each round looks at the waiting rows against the database as it is now:
 * - the check has left the held down's episode (recovered, paused, or went down again since):
 *   the row is dropped (`dropped_at`): nobody is told of an outage that is over and that the
 *   dependency's own alert covered;
 * - a dependency of the check (its `depends_on` now) is still down: it keeps waiting;
 * - else the dependencies have recovered and the check is still down: the row gets its release
 *   time, now (or the end of the integration's quiet hours), and the held-release task sends it
 *   as a digest naming the dependency, with the Redis recovery that digests already have.
 *
 * Why a scheduler task and not a hook where the dependency's up flip is fanned out: a dependency
 * also stops being down without an up flip the notifier sees (paused: written already fanned out;
 * deleted; removed from depends_on), and the dependent may recover first. Looking at the state
 * covers every way out, and survives any restart: everything it reads and writes is in
 * PostgreSQL. Same transaction shape as the other tasks (lock with SKIP LOCKED, decide, mark,
 * commit), so several schedulers share the rows. It enqueues nothing itself.
 *
 * Rows still waiting are looked at again every round, so a sweep walks them by id with a cursor
 * (in memory: losing it on a restart only restarts the sweep), a full page running the next at once.
 */
export function createDependencyReleaseTask(deps: Pick<SchedulerDeps, 'prisma' | 'logger' | 'config'>): SchedulerTask {
  const { prisma, logger, config } = deps;
  let afterId = 0n;
  return {
    name: 'dependency-release',
    async runOnce(now: Date): Promise<number> {
      return prisma.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<WaitingRow[]>`
          SELECT h.id, h.flip_id, c.status::text AS check_status,
                 (SELECT f.id FROM flips f WHERE f.check_id = h.check_id ORDER BY f.ts DESC, f.id DESC LIMIT 1) AS latest_flip_id,
                 EXISTS (SELECT 1 FROM checks d WHERE d.id = ANY(c.depends_on) AND d.project_id = c.project_id AND d.status = 'down') AS dependency_down,
                 i.quiet_hours
          FROM held_notifications h
          JOIN checks c ON c.id = h.check_id
          JOIN integrations i ON i.id = h.integration_id
          WHERE h.cause = 'dependency' AND h.release_at IS NULL AND h.released_at IS NULL AND h.dropped_at IS NULL AND h.id > ${afterId}
          ORDER BY h.id
          LIMIT ${config.batchSize}
          FOR UPDATE OF h SKIP LOCKED`;
        const fullPage = rows.length === config.batchSize;
        afterId = fullPage ? (rows[rows.length - 1] as WaitingRow).id : 0n;

        const drop = rows.filter((r) => r.check_status !== 'down' || r.flip_id === null || r.latest_flip_id !== r.flip_id);
        const release = rows.filter((r) => !drop.includes(r) && !r.dependency_down);
        if (drop.length > 0) {
          await tx.$executeRaw`UPDATE held_notifications SET dropped_at = ${now} WHERE id = ANY(${drop.map((r) => r.id)}::bigint[])`;
        }
        // The release time: now, or when the integration's quiet hours end.
        const byTime = new Map<number, bigint[]>();
        for (const r of release) {
          const quiet = parseQuietHours(r.quiet_hours);
          const at = isInQuietHours(quiet, now) ? (quietHoursEnd(quiet, now) as Date) : now;
          byTime.set(at.getTime(), [...(byTime.get(at.getTime()) ?? []), r.id]);
        }
        for (const [at, ids] of byTime) {
          await tx.$executeRaw`UPDATE held_notifications SET release_at = ${new Date(at)} WHERE id = ANY(${ids}::bigint[])`;
        }
        if (drop.length + release.length > 0) logger.debug({ dropped: drop.length, released: release.length }, 'dependency holds ended');
        // A full page scanned runs the next page at once, even if every row keeps waiting.
        return fullPage ? config.batchSize : drop.length + release.length;
      });
    },
  };
}
