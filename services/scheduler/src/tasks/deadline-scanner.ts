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

  return {
    name: 'deadline-scanner',
    batchSize: config.batchSize,
    async runOnce(now: Date): Promise<number> {
      const client = await pool.connect();
      let broken: Error | undefined;
      let committed: { id: bigint; checkId: string }[] = [];
      let claimed = 0;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<CheckSqlRow>(
          `SELECT ${CHECK_STATE_COLUMNS} FROM checks c
            WHERE c.next_deadline_at <= $1 ORDER BY c.next_deadline_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [now.toISOString(), config.batchSize],
        );
        claimed = rows.length;
        if (rows.length === 0) {
          inHerd = false;
          await client.query('COMMIT');
          return 0;
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
        committed = await saveStatesAndFlips(client, writes, flips);
        await client.query('COMMIT');
      } catch (err) {
        inHerd = false;
        broken = err as Error;
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release(broken);
      }
      inHerd = claimed >= config.batchSize;
      publisher.publish(committed);
      return claimed;
    },
    async nextDueAt(): Promise<Date | null> {
      const { rows } = await pool.query<{ next: Date | null }>('SELECT min(next_deadline_at) AS next FROM checks');
      return rows[0]?.next ?? null;
    },
    drain: () => publisher.drain(),
  };
}
