import { pruneFlips, prunePings, pruneProbeRollups } from '@upmon/check-store';
import { MAINTENANCE_KEPT_DAYS } from '@upmon/core';
import type pg from 'pg';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** Checks examined per round, and the pause between rounds: a steady, gentle sweep. */
const CHECKS_PER_ROUND = 1000;
const ROUND_INTERVAL_MS = 1000;
const FLIPS_PER_ROUND = 5000;
/** Status pages show 90 days: rolled-up days (check_uptime_days) older than this are deleted. */
export const UPTIME_DAY_RETENTION_DAYS = 100;
const UPTIME_DAYS_PER_ROUND = 5000;
const MAINTENANCE_PER_ROUND = 1000;
/** Per table and round: reminders, escalations, acknowledgements, held notifications of pruned flips. */
const FOLLOWERS_PER_ROUND = 5000;
/** Audit log events past AUDIT_LOG_RETENTION_DAYS, per round. */
const AUDIT_EVENTS_PER_ROUND = 5000;
/** Response-time rollups past their resolution's retention (ROLLUP_KEPT_DAYS), per resolution and round. */
const ROLLUPS_PER_ROUND = 5000;

/**
 * Retention: each check keeps its newest PING_RETENTION pings; flips older than
 * FLIP_RETENTION_DAYS are deleted, and status pages' rolled-up days older than
 * UPTIME_DAY_RETENTION_DAYS (a cache of the api's, docs/status-pages.md). Pings are pruned by a sweep over the checks in id order; after
 * the first full pass, only checks pinged since the previous pass began are visited (others cannot
 * have gained pings). One-off maintenance windows are deleted MAINTENANCE_KEPT_DAYS after their end
 * (a deploy script may open one per deploy). The rows that follow a flip (reminders, escalations,
 * acknowledgements, and held notifications already released or dropped) go once their flip is
 * gone. Response-time rollups go after ROLLUP_KEPT_DAYS (2 days of 5-minute buckets, 35 of hourly
 * ones: what the charts read). Audit log events go after AUDIT_LOG_RETENTION_DAYS (365). Deletes are idempotent, so two schedulers sweeping at
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
      const uptimeDays = await pruneUptimeDays(pool, now, UPTIME_DAY_RETENTION_DAYS, UPTIME_DAYS_PER_ROUND);
      const maintenance = await pruneMaintenanceWindows(pool, now, MAINTENANCE_KEPT_DAYS, MAINTENANCE_PER_ROUND);
      const followers = await pruneFlipFollowers(pool, FOLLOWERS_PER_ROUND);
      const rollups = await pruneProbeRollups(pool, now, ROLLUPS_PER_ROUND);
      const auditEvents = await pruneAuditEvents(pool, now, config.auditLogRetentionDays, AUDIT_EVENTS_PER_ROUND);
      const deleted = pings + flips + uptimeDays + maintenance + followers + rollups + auditEvents;
      if (deleted > 0) logger.info({ pings, flips, uptimeDays, maintenance, followers, rollups, auditEvents }, 'pruned');
      return deleted;
    },
  };
}

/** Up to `limit` rolled-up days before the UTC day `days` days before `now`, oldest first; returns how many. */
async function pruneUptimeDays(pool: pg.Pool, now: Date, days: number, limit: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM check_uptime_days WHERE (check_id, day) IN (
       SELECT check_id, day FROM check_uptime_days WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - $2::int ORDER BY day LIMIT $3)`,
    [now.toISOString(), days, limit],
  );
  return rowCount ?? 0;
}

/** Up to `limit` audit log events older than `days` days before `now`, oldest first; returns how many. */
async function pruneAuditEvents(pool: pg.Pool, now: Date, days: number, limit: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM audit_events WHERE id IN (
       SELECT id FROM audit_events WHERE at < $1::timestamptz - make_interval(days => $2) ORDER BY at LIMIT $3)`,
    [now.toISOString(), days, limit],
  );
  return rowCount ?? 0;
}

/** Up to `limit` one-off maintenance windows that ended more than `days` days before `now`; returns how many. */
async function pruneMaintenanceWindows(pool: pg.Pool, now: Date, days: number, limit: number): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM maintenance_windows WHERE id IN (
       SELECT id FROM maintenance_windows WHERE schedule IS NULL AND ends_at < $1 LIMIT $2)`,
    [new Date(now.getTime() - days * 86_400_000), limit],
  );
  return rowCount ?? 0;
}

/**
 * Up to `limit` rows per table that belong to flips already pruned: their flip id is below the
 * oldest flip left (flip ids only grow, so every id below that minimum is gone). Held
 * notifications still waiting are kept: nothing that may still be sent is deleted.
 */
async function pruneFlipFollowers(pool: pg.Pool, limit: number): Promise<number> {
  const { rows } = await pool.query<{ oldest: string | null }>('SELECT min(id)::text AS oldest FROM flips');
  const oldest = rows[0]?.oldest ?? null;
  if (oldest === null) return 0;
  let deleted = 0;
  for (const [table, done] of [
    ['reminders', 'true'],
    ['escalations', 'true'],
    ['acknowledgements', 'true'],
    ['held_notifications', '(released_at IS NOT NULL OR dropped_at IS NOT NULL)'],
  ] as const) {
    const { rowCount } = await pool.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE flip_id < $1::bigint AND ${done} LIMIT $2)`, [
      oldest,
      limit,
    ]);
    deleted += rowCount ?? 0;
  }
  return deleted;
}
