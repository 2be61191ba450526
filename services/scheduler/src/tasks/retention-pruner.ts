import { pruneFlips, prunePings } from '@upmon/check-store';
import { MAINTENANCE_KEPT_DAYS } from '@upmon/core';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** Checks examined per round, and the pause between rounds: a steady, gentle sweep. */
const CHECKS_PER_ROUND = 1000;
const ROUND_INTERVAL_MS = 1000;
const FLIPS_PER_ROUND = 5000;
const MAINTENANCE_PER_ROUND = 1000;

/**
 * Retention: each check keeps its newest PING_RETENTION pings; flips older than
 * FLIP_RETENTION_DAYS are deleted. Pings are pruned by a sweep over the checks in id order; after
 * the first full pass, only checks pinged since the previous pass began are visited (others cannot
 * have gained pings). One-off maintenance windows are deleted MAINTENANCE_KEPT_DAYS after their end
 * (a deploy script may open one per deploy). Deletes are idempotent, so two schedulers sweeping at
 * once are harmless.
 */
export function createRetentionPrunerTask(deps: SchedulerDeps): SchedulerTask {
  const { config, logger } = deps;
  const { pool } = deps;
  let cursor = '00000000-0000-0000-0000-000000000000';
  let passStartedAt: Date | null = null;
  let pingedSince: Date | null = null;

  return {
    name: 'retention-pruner',
    // Never "full": the sweep runs at a steady pace instead of hammering the database.
    batchSize: Number.POSITIVE_INFINITY,
    idleIntervalMs: ROUND_INTERVAL_MS,
    async runOnce(now: Date): Promise<number> {
      if (passStartedAt === null) passStartedAt = now;
      const { lastId, deleted: pings } = await prunePings(pool, { afterId: cursor, pingedSince, limit: CHECKS_PER_ROUND, keep: config.pingRetention });
      if (lastId === null) {
        // Pass complete: the next one only needs checks pinged since this one began.
        cursor = '00000000-0000-0000-0000-000000000000';
        pingedSince = passStartedAt;
        passStartedAt = null;
      } else {
        cursor = lastId;
      }
      const flips = await pruneFlips(pool, now, config.flipRetentionDays, FLIPS_PER_ROUND);
      const maintenance =
        (
          await pool.query(
            `DELETE FROM maintenance_windows WHERE id IN (
             SELECT id FROM maintenance_windows WHERE schedule IS NULL AND ends_at < $1 LIMIT ${MAINTENANCE_PER_ROUND})`,
            [new Date(now.getTime() - MAINTENANCE_KEPT_DAYS * 86_400_000)],
          )
        ).rowCount ?? 0;
      const deleted = pings + flips + maintenance;
      if (deleted > 0) logger.info({ pings, flips, maintenance }, 'pruned');
      return deleted;
    },
  };
}
