import { microBatch } from '@upmon/batching';
import type { PgPool } from '@upmon/db';
import { recordHeld, type HoldDecisionInput } from './hold-decision.js';

/** A check's first dependency (in its `depends_on` order) that is down. */
interface DownDependency {
  id: string;
  name: string;
}

/**
 * Dependencies at delivery time (docs/notifications.md, "Dependencies"), decided at the first
 * attempt like the other holds:
 * - a `down` or `reminder` delivery of a check one of whose dependencies is down is held in
 *   `held_notifications` (cause `dependency`, the dependency that was down, `release_at` NULL:
 *   it waits on a condition, not a time). The scheduler's `dependency-release` task gives it a
 *   release time once the dependencies are all up (the held-release task then sends it as a
 *   digest naming the dependency), or drops it if this check has recovered by then;
 * - an `up` delivery whose down (for this integration) is still held, or was dropped, is dropped
 *   too, with the held rows of that episode: nobody heard of the outage, so nobody hears of the
 *   recovery (the dependency's own alert covered it).
 * Returns 'held' when the delivery must not be sent now, else null. Every statement is keyed by
 * (integration, flip, event), so a job run twice decides the same way.
 */
export function createDependencyHold(pool: PgPool) {
  // Micro-batched like the delivery's other reads: a burst of down flips is one query per batch.
  const downDependencyBatch = microBatch(async (checkIds: string[]): Promise<(DownDependency | null)[]> => {
    const { rows } = await pool.query<DownDependency & { n: string }>({
      name: 'notifier-down-dependency',
      text: `SELECT r.n, d.id, d.name
       FROM unnest($1::uuid[]) WITH ORDINALITY AS r(check_id, n)
       JOIN checks c ON c.id = r.check_id
       CROSS JOIN LATERAL (SELECT d.id, d.name FROM unnest(c.depends_on) WITH ORDINALITY AS x(id, ord)
                           JOIN checks d ON d.id = x.id AND d.project_id = c.project_id
                           WHERE d.status = 'down' ORDER BY x.ord LIMIT 1) d`,
      values: [checkIds],
    });
    const out: (DownDependency | null)[] = checkIds.map(() => null);
    for (const { n, ...dep } of rows) out[Number(n) - 1] = dep;
    return out;
  });

  return {
    async decide(input: HoldDecisionInput): Promise<'held' | null> {
      const { job, flip, flipId, now } = input;
      if (flipId === null) return null;
      if (job.event === 'down' || job.event === 'reminder') {
        const dependency = await downDependencyBatch(job.checkId);
        if (!dependency) return null;
        // A later reminder of the same down flip re-arms its row (like quiet hours).
        const onConflict =
          job.event === 'reminder'
            ? `DO UPDATE SET ts = EXCLUDED.ts, cause = 'dependency', dependency_id = EXCLUDED.dependency_id,
                 release_at = NULL, released_at = NULL, dropped_at = NULL`
            : 'DO NOTHING';
        await pool.query(
          `INSERT INTO held_notifications (integration_id, check_id, flip_id, event, ts, release_at, cause, dependency_id)
           VALUES ($1, $2, $3, $4, $5, NULL, 'dependency', $6)
           ON CONFLICT (integration_id, flip_id, event) ${onConflict}`,
          [job.integrationId, job.checkId, flipId, job.event, job.event === 'down' && flip ? flip.ts : now, dependency.id],
        );
        return recordHeld(input, `dependency ${JSON.stringify(dependency.name)} is down: held until it recovers (dropped if this check recovers first)`);
      }
      if (job.event === 'up' && flip?.oldStatus === 'down') {
        // The episode's down flip is the one before this up. Drop what is still waiting of it for
        // this integration; the up is dropped if its down was (now or earlier) never sent.
        const { rows: downs } = await pool.query<{ id: string | null }>(
          `WITH down AS (
             SELECT p.id FROM flips f JOIN flips p ON p.check_id = f.check_id AND p.ts <= f.ts AND p.id < f.id
              WHERE f.id = $2 ORDER BY p.ts DESC, p.id DESC LIMIT 1
           ), dropped AS (
             UPDATE held_notifications h SET dropped_at = $3
              WHERE h.integration_id = $1 AND h.flip_id = (SELECT id FROM down) AND h.cause = 'dependency'
                AND h.release_at IS NULL AND h.released_at IS NULL AND h.dropped_at IS NULL
           )
           SELECT (SELECT id FROM down)::text AS id`,
          [job.integrationId, flipId, now],
        );
        const downId = downs[0]?.id;
        if (!downId) return null;
        // A second statement, so that it sees what the scheduler's dependency-release task
        // committed while the update above waited for its lock (that task drops the same rows
        // once the check has recovered): in one statement the read would use the snapshot taken
        // before the wait, miss that drop and send this up for a down nobody was told of.
        const { rows } = await pool.query<{ name: string | null }>(
          `SELECT d.name FROM held_notifications h LEFT JOIN checks d ON d.id = h.dependency_id
            WHERE h.integration_id = $1 AND h.flip_id = $2 AND h.cause = 'dependency' AND h.event = 'down' AND h.dropped_at IS NOT NULL
            LIMIT 1`,
          [job.integrationId, downId],
        );
        const row = rows[0];
        if (!row) return null;
        const name = row.name === null ? 'a deleted check' : JSON.stringify(row.name);
        return recordHeld(input, `dropped: the check recovered while its DOWN alert was held for its dependency ${name}; neither is sent`);
      }
      return null;
    },
  };
}

export type DependencyHold = ReturnType<typeof createDependencyHold>;
