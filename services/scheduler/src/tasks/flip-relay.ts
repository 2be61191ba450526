import { markFlipsEnqueuedSql, publishFlipsWith } from '@upmon/check-store';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/**
 * The outbox relay: puts on the `flips` queue every flip committed but never enqueued (Redis was
 * down, or the process died between commit and publish), oldest first. Flips younger than
 * FLIP_RELAY_GRACE_SEC (30 s) are left to the process that committed them: it publishes after
 * commit, and during a herd the scanner holds publishing back for a few seconds. Job ids are the flip ids,
 * so a flip sent by both paths, or by two schedulers, is one job.
 */
export function createFlipRelayTask(deps: SchedulerDeps): SchedulerTask {
  const { queues, logger, config } = deps;
  const { pool } = deps;
  const mark = markFlipsEnqueuedSql(pool);
  return {
    name: 'flip-relay',
    batchSize: config.batchSize,
    async runOnce(): Promise<number> {
      const { rows } = await pool.query<{ id: string; check_id: string }>(
        `SELECT id, check_id FROM flips
          WHERE enqueued_at IS NULL AND created_at < now() - make_interval(secs => $1)
          ORDER BY id LIMIT $2`,
        [config.flipRelayGraceSec, config.batchSize],
      );
      if (rows.length === 0) return 0;
      const ok = await publishFlipsWith(
        mark,
        queues,
        rows.map((r) => ({ id: BigInt(r.id), checkId: r.check_id })),
        logger,
      );
      // Redis still down: report nothing done so the loop waits before trying again.
      if (!ok) return 0;
      logger.info({ flips: rows.length }, 'relayed un-enqueued flips');
      return rows.length;
    },
  };
}
