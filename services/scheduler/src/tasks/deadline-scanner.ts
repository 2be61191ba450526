import { CheckBatch, claimDueApplyingCommonTimeouts, offScheduleDeadlineText, type ClaimOrder } from '@upmon/check-store';
import type { FlipRecord } from '@upmon/core';
import { withPgTransaction } from '@upmon/db';
import type pg from 'pg';
import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** A check whose schedule cannot be evaluated is looked at again this much later (never dropped). */
const RETRY_BROKEN_SCHEDULE_MS = 5 * 60_000;
/**
 * The batches claimed concurrently per round, each in its own transaction and connection: one
 * from the oldest due deadline, one from the newest. Claims from the same end would each walk past
 * the rows the other holds locked; from opposite ends they meet only when the due rows run out.
 */
const ROUND: ClaimOrder[] = ['oldest', 'newest'];

/**
 * Applies passed deadlines (up -> late -> down, started run -> down; docs/scheduler.md).
 *
 * One transaction per batch. Due rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * schedulers share the work without waiting on each other and a row is never handled twice:
 * the second scheduler either skips the locked row or, after the first commits, no longer sees
 * it as due. The statement that claims them also applies the common heartbeat timeouts in SQL
 * (up → late, late → down, run → down; see @upmon/check-store timeout-sql.ts); the other claimed
 * rows go through the pure `applyDueDeadlines`, their new states and flips written in one more
 * statement. All flips are stamped with their deadlines and committed with the states (the
 * notifier takes them from PostgreSQL). Raw SQL on a pg pool: this is the hot path (100,000 checks due in the same second),
 * where Prisma model calls (several round trips per check) are far too slow.
 */
export function createDeadlineScannerTask(deps: SchedulerDeps): SchedulerTask {
  const { logger, config, flipMetrics } = deps;
  const { pool } = deps;

  /** The claimed (locked) checks `ids` through the state machine; returns the flips inserted. */
  async function applyStateMachine(client: pg.PoolClient, ids: string[], now: Date): Promise<FlipRecord[]> {
    // Already locked by the claim: the batch's lock takes nothing new, it reads the rows.
    const batch = await CheckBatch.lock(client, ids);
    for (const id of ids) {
      if (!batch.get(id)) continue;
      try {
        batch.applyDeadlines(id, now);
      } catch (err) {
        logger.error({ checkId: id, err: (err as Error).message }, 'deadline cannot be evaluated; retrying later');
        const retryAt = new Date(now.getTime() + RETRY_BROKEN_SCHEDULE_MS);
        batch.postpone(id, retryAt, offScheduleDeadlineText(retryAt));
      }
    }
    await batch.write(client);
    return batch.flipRecords();
  }

  /**
   * One batch in one transaction; returns the rows claimed, and counts the flips and their
   * deadline lag (deadline → commit) once committed.
   */
  async function claimBatch(now: Date, order: ClaimOrder): Promise<number> {
    const batch = await withPgTransaction(pool, async (client) => {
      const common = await claimDueApplyingCommonTimeouts(client, now, config.batchSize, order);
      const rest = common.rest.length > 0 ? await applyStateMachine(client, common.rest, now) : [];
      return { common, rest };
    });
    const committedAt = deps.clock.now().getTime();
    const { common, rest } = batch;
    // The SQL path's flips are all timeouts; the state machine's are stamped with their deadline too.
    flipMetrics.committed('timeout', common.flips.length);
    for (const ms of common.deadlinesMs) flipMetrics.deadlineLag((committedAt - ms) / 1000);
    for (const f of rest) {
      flipMetrics.committed(f.reason);
      if (f.reason === 'timeout') flipMetrics.deadlineLag((committedAt - f.ts.getTime()) / 1000);
    }
    return common.claimed;
  }

  return {
    name: 'deadline-scanner',
    batchSize: config.batchSize * ROUND.length,
    async runOnce(now: Date): Promise<number> {
      // Two batches at once, from opposite ends (SKIP LOCKED hands each a different set of rows):
      // in a herd the work is PostgreSQL's, and concurrent statements let it use both cores.
      const settled = await Promise.allSettled(ROUND.map((order) => claimBatch(now, order)));
      let claimed = 0;
      for (const r of settled) if (r.status === 'fulfilled') claimed += r.value;
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      return claimed;
    },
    async nextDueAt(): Promise<Date | null> {
      const { rows } = await pool.query<{ next: Date | null }>('SELECT min(next_deadline_at) AS next FROM checks');
      return rows[0]?.next ?? null;
    },
  };
}
