import { withPgTransaction, type PgPool } from '@upmon/db';
import { CheckBatch } from './check-batch.js';

export interface RearmSummary {
  /** Checks with a deadline looked at. */
  examined: number;
  /** Of those, re-armed from the restore time. */
  rearmed: number;
}

/**
 * After a restore from a backup: every check with a pending deadline re-armed from `restoredAt`
 * (core's `rearmAfterRestore`), in batches of `batchSize`, one transaction each, through the one
 * writer of check state. Idempotent and resumable: a re-armed check's `resumed_at` is the restore
 * time, so running it again changes nothing. Run it before the scheduler starts (docs/operations.md,
 * "Restoring a backup").
 */
export async function rearmDeadlinesAfterRestore(
  pool: PgPool,
  restoredAt: Date,
  opts: { batchSize?: number; onBatch?: (s: RearmSummary) => void } = {},
): Promise<RearmSummary> {
  const batchSize = opts.batchSize ?? 500;
  const summary: RearmSummary = { examined: 0, rearmed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await withPgTransaction(pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM checks WHERE id > $1 AND next_deadline_at IS NOT NULL AND status <> 'paused' ORDER BY id LIMIT $2`,
        [after, batchSize],
      );
      if (rows.length === 0) return true;
      const ids = rows.map((r) => r.id);
      const batch = await CheckBatch.lock(client, ids);
      for (const id of ids) {
        if (!batch.get(id)) continue;
        summary.examined++;
        if (batch.rearmAfterRestore(id, restoredAt)) summary.rearmed++;
      }
      await batch.write(client);
      after = ids[ids.length - 1] as string;
      return rows.length < batchSize;
    });
    opts.onBatch?.({ ...summary });
    if (done) return summary;
  }
}
