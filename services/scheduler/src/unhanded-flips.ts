import type { FlipBacklog } from '@upmon/metrics';
import type pg from 'pg';

/** Counting stops here: past it the figure is "at least", and the scrape stays cheap. */
const COUNT_CAP = 100_000;

/**
 * Flips committed but not yet handed to the notifier: today those not yet on the `flips` queue
 * (`enqueued_at IS NULL`, the outbox marker; index flips(enqueued_at, id)). If flips come to reach
 * the notifier another way, this query is the one place that changes.
 */
export async function readUnhandedFlips(pool: pg.Pool): Promise<FlipBacklog> {
  const { rows } = await pool.query<{ count: number; oldest: number }>({
    name: 'scheduler-unhanded-flips',
    text: `SELECT count(*)::int AS count, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
             FROM (SELECT created_at FROM flips WHERE enqueued_at IS NULL ORDER BY id LIMIT $1) f`,
    values: [COUNT_CAP],
  });
  return { count: rows[0]?.count ?? 0, oldestAgeSeconds: rows[0]?.oldest ?? 0 };
}
