import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** Checks examined per round, and the pause between rounds: a steady, gentle sweep. */
const CHECKS_PER_ROUND = 1000;
const ROUND_INTERVAL_MS = 1000;
const FLIPS_PER_ROUND = 5000;

/**
 * Retention: each check keeps its newest PING_RETENTION pings; flips older than
 * FLIP_RETENTION_DAYS are deleted. Pings are pruned by a sweep over the checks in id order; after
 * the first full pass, only checks pinged since the previous pass began are visited (others cannot
 * have gained pings). Deletes are idempotent, so two schedulers sweeping at once are harmless.
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
      const { rows } = await pool.query<{ last_id: string | null; deleted: string }>(
        `WITH c AS (
           SELECT id FROM checks WHERE id > $1::uuid AND ($2::timestamptz IS NULL OR last_ping_at >= $2::timestamptz)
           ORDER BY id LIMIT $3),
         cut AS (
           SELECT c.id, (SELECT p.ts FROM pings p WHERE p.check_id = c.id ORDER BY p.ts DESC OFFSET $4 LIMIT 1) AS ts FROM c),
         del AS (
           DELETE FROM pings p USING cut WHERE cut.ts IS NOT NULL AND p.check_id = cut.id AND p.ts <= cut.ts RETURNING 1)
         SELECT (SELECT max(id::text) FROM c) AS last_id, (SELECT count(*) FROM del) AS deleted`,
        [cursor, pingedSince?.toISOString() ?? null, CHECKS_PER_ROUND, config.pingRetention],
      );
      const lastId = rows[0]?.last_id ?? null;
      const pings = Number(rows[0]?.deleted ?? 0);
      if (lastId === null) {
        // Pass complete: the next one only needs checks pinged since this one began.
        cursor = '00000000-0000-0000-0000-000000000000';
        pingedSince = passStartedAt;
        passStartedAt = null;
      } else {
        cursor = lastId;
      }
      const flips = await pool.query(
        `DELETE FROM flips WHERE id IN (
           SELECT id FROM flips WHERE ts < $1::timestamptz - make_interval(days => $2) ORDER BY ts LIMIT $3)`,
        [now.toISOString(), config.flipRetentionDays, FLIPS_PER_ROUND],
      );
      const deleted = pings + (flips.rowCount ?? 0);
      if (deleted > 0) logger.info({ pings, flips: flips.rowCount ?? 0 }, 'pruned');
      return deleted;
    },
  };
}
