import { applyDueDeadlines, type CheckState, type FlipRecord } from '@upmon/core';
import {
  CHECK_STATE_COLUMNS,
  saveStatesAndFlips,
  sqlRowToState,
  TimestampTexts,
  type CheckSqlRow,
  type CheckStateWrite,
  type FlipWrite,
} from '@upmon/check-store';
import { requirePool, type SchedulerDeps, type SchedulerTask } from '../task.js';
import { BackgroundFlipPublisher } from './flip-publisher.js';

/** A check whose schedule cannot be evaluated is looked at again this much later (never dropped). */
const RETRY_BROKEN_SCHEDULE_MS = 5 * 60_000;
/** Batches claimed concurrently per round (each its own transaction and connection). */
const PARALLEL_BATCHES = 3;

/**
 * Applies passed deadlines (up -> late -> down, started run -> down; docs/scheduler.md).
 *
 * One transaction per batch. Due rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * schedulers share the work without waiting on each other and a row is never handled twice:
 * the second scheduler either skips the locked row or, after the first commits, no longer sees
 * it as due. Each row goes through the pure `applyDueDeadlines`; the new states and the flips
 * (stamped with their deadlines) are written in ONE statement and committed together, then
 * published. Raw SQL on a pg pool: this is the hot path (100,000 checks due in the same second),
 * where Prisma model calls (several round trips per check) are far too slow.
 */
export function createDeadlineScannerTask(deps: SchedulerDeps): SchedulerTask {
  const { logger, config } = deps;
  const pool = requirePool(deps);
  // True while rounds come back full (a herd): the publisher then lets the scans go first.
  let inHerd = false;
  const publisher = new BackgroundFlipPublisher(pool, deps.queues, logger, () => inHerd);

  /** One batch in one transaction; returns the rows claimed and the flips committed. */
  async function claimBatch(now: Date): Promise<{ claimed: number; committed: { id: bigint; checkId: string }[] }> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<CheckSqlRow>(
        `SELECT ${CHECK_STATE_COLUMNS} FROM checks c
          WHERE c.next_deadline_at <= $1 ORDER BY c.next_deadline_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now.toISOString(), config.batchSize],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return { claimed: 0, committed: [] };
      }
      const writes: CheckStateWrite[] = [];
      const flips: FlipWrite[] = [];
      for (const row of rows) {
        const state = sqlRowToState(row);
        let next: CheckState;
        let due: FlipRecord[];
        try {
          ({ state: next, flips: due } = applyDueDeadlines(state, now));
        } catch (err) {
          logger.error({ checkId: row.id, err: (err as Error).message }, 'deadline cannot be evaluated; retrying later');
          next = { ...state, nextDeadlineAt: new Date(now.getTime() + RETRY_BROKEN_SCHEDULE_MS) };
          due = [];
        }
        writes.push({ id: row.id, state: next, texts: TimestampTexts.ofRow(row) });
        for (const flip of due) flips.push({ checkId: row.id, projectId: row.project_id, flip });
      }
      const committed = await saveStatesAndFlips(client, writes, flips);
      await client.query('COMMIT');
      return { claimed: rows.length, committed };
    } catch (err) {
      broken = err as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release(broken);
    }
  }

  return {
    name: 'deadline-scanner',
    batchSize: config.batchSize * PARALLEL_BATCHES,
    async runOnce(now: Date): Promise<number> {
      // Several batches at once (SKIP LOCKED hands each a different set of rows): while one waits
      // for PostgreSQL another runs the state machine, which matters for a herd.
      const settled = await Promise.allSettled(Array.from({ length: PARALLEL_BATCHES }, () => claimBatch(now)));
      let claimed = 0;
      for (const r of settled) {
        if (r.status === 'fulfilled') {
          claimed += r.value.claimed;
          publisher.publish(r.value.committed);
        }
      }
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      inHerd = !failed && claimed >= config.batchSize * PARALLEL_BATCHES;
      if (failed) throw failed.reason;
      return claimed;
    },
    async nextDueAt(): Promise<Date | null> {
      const { rows } = await pool.query<{ next: Date | null }>('SELECT min(next_deadline_at) AS next FROM checks');
      return rows[0]?.next ?? null;
    },
    drain: () => publisher.drain(),
  };
}
