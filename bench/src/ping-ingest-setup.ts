// Data setup shared by the ping-ingest, deadline-lag and notify-latency benchmarks: one project and
// N heartbeat checks inserted with generate_series (databases come from createMigratedDatabase).
import type pg from 'pg';

/** One business account and project; returns the project id. */
export async function createBenchProject(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `WITH a AS (INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id)
     INSERT INTO projects (id, account_id, name, ping_key) SELECT gen_random_uuid(), a.id, 'bench', md5(random()::text) FROM a RETURNING id`,
  );
  return rows[0]!.id;
}

/**
 * Inserts `n` up heartbeat checks with period `periodSec`, whose next deadline is `deadline(i)` as
 * SQL over the series index g (e.g. `$7::timestamptz + g * interval '1 ms'`), cut to whole
 * milliseconds like every deadline the state machine computes. Last pinged at `lastPingAt`, or
 * by default one period before the deadline: the state such a ping leaves (deadline = expected time).
 */
export async function insertChecks(
  pool: pg.Pool,
  projectId: string,
  n: number,
  opts: { periodSec: number; graceSec: number; lastPingAt?: Date; deadlineSql: string; params?: unknown[] },
): Promise<void> {
  const chunk = 100_000;
  for (let from = 1; from <= n; from += chunk) {
    await pool.query(
      `INSERT INTO checks (id, project_id, name, schedule_kind, period_sec, grace_sec, status, last_ping_at, next_deadline_at, updated_at)
       SELECT gen_random_uuid(), $1, 'c' || g, 'period', $4::int, $5, 'up', COALESCE($6::timestamptz, d - $4::int * interval '1 second'), d, now()
         FROM (SELECT g, date_trunc('milliseconds', ${opts.deadlineSql}) AS d FROM generate_series($2::int, $3::int) g) AS s`,
      [projectId, from, Math.min(n, from + chunk - 1), opts.periodSec, opts.graceSec, opts.lastPingAt?.toISOString() ?? null, ...(opts.params ?? [])],
    );
  }
  await pool.query('ANALYZE checks');
}
