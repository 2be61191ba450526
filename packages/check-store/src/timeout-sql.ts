import type { CommittedFlip } from './flip-notifies.js';
import type { SqlClient } from './check-sql.js';

/**
 * The deadline scanner's common cases in ONE statement, with no check row sent to JavaScript:
 * a heartbeat herd (100,000 checks due in the same second) is bounded by PostgreSQL's own work.
 *
 * What `applyDueDeadlines` of @upmon/core does to a due heartbeat check, restated in SQL (every
 * flip reason 'timeout', stamped with its deadline):
 * - late, or a run open (status new/up/late, last_start_at set): → down, no next deadline;
 * - up, no run open: → late, next deadline = expected + grace. While a check is up its stored
 *   deadline IS the expected time (`deadlineFor`: every writer of an up check's deadline computes it
 *   from the same schedule and anchor), so expected + grace = stored deadline + grace; no cron or
 *   OnCalendar evaluation is needed. When that too has passed: → down as well, second flip stamped
 *   with it, no next deadline.
 * One exception to "stored deadline = expected": a deadline the scanner set to look at a check
 * again later because its schedule could not be evaluated. Such deadlines are written off the
 * millisecond grid (`offScheduleDeadlineText`); the state machine's own are whole milliseconds
 * (JavaScript dates). Those checks, http checks and anything else unusual are claimed and locked
 * here too but returned in `rest`, for the caller to run through the state machine in the same
 * transaction. test/timeout-sql.test.ts compares this with `applyDueDeadlines`.
 */
const sql = (order: ClaimOrder) => `
WITH due AS MATERIALIZED (
  SELECT c.id, c.project_id, c.status AS old_status, c.next_deadline_at AS deadline,
         (c.kind = 'heartbeat' AND (c.status = 'late' OR (c.status IN ('new', 'up') AND c.last_start_at IS NOT NULL)
           OR (c.status = 'up' AND c.next_deadline_at = date_trunc('milliseconds', c.next_deadline_at)))) AS simple,
         CASE WHEN c.status = 'up' AND c.last_start_at IS NULL THEN c.next_deadline_at + c.grace_sec * interval '1 second' END AS late_until
    FROM checks c
   WHERE c.next_deadline_at <= $1
   ORDER BY c.next_deadline_at ${order === 'oldest' ? 'ASC' : 'DESC'} LIMIT $2 FOR UPDATE SKIP LOCKED),
upd AS (
  UPDATE checks c
     SET status = CASE WHEN d.late_until > $1 THEN 'late' ELSE 'down' END::"CheckStatus",
         next_deadline_at = CASE WHEN d.late_until > $1 THEN d.late_until END
    FROM due d
   WHERE d.simple AND c.id = d.id AND c.id = ANY(ARRAY(SELECT id FROM due WHERE simple))
  RETURNING d.id, d.project_id, d.old_status, d.deadline, d.late_until),
ins AS (
  INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason)
  SELECT u.id, u.project_id, f.ts, f.old_status, f.new_status, 'timeout'
    FROM upd u CROSS JOIN LATERAL (VALUES
           (1, u.deadline, u.old_status, CASE WHEN u.late_until IS NULL THEN 'down' ELSE 'late' END::"CheckStatus"),
           (2, u.late_until, 'late'::"CheckStatus", 'down'::"CheckStatus")) AS f(step, ts, old_status, new_status)
   WHERE f.step = 1 OR u.late_until <= $1
   ORDER BY f.ts, f.step
  RETURNING id, check_id, ts)
SELECT id, check_id, (extract(epoch FROM ts) * 1000)::float8 AS deadline_ms FROM ins
UNION ALL
SELECT NULL, id, NULL FROM due WHERE NOT simple`;
// The redundant "c.id = ANY(...)" makes the planner use the primary key (see checkUpdateSql).
const SQL = { oldest: sql('oldest'), newest: sql('newest') };

/**
 * Which end of the due checks a claim starts from. Two claims at once take opposite ends, so
 * neither walks past the rows the other holds locked (each skipped row costs a heap fetch and a
 * lock attempt) and neither waits: in a herd they meet in the middle.
 */
export type ClaimOrder = 'oldest' | 'newest';

export interface ClaimedTimeouts {
  /** Due checks claimed (locked until the caller's transaction ends). */
  claimed: number;
  /** Flips inserted for the common cases (all notify: they wait for the fan-out), in insert order. */
  flips: CommittedFlip[];
  /** The deadline each of those flips is about (epoch ms), in the same order: for lag metrics. */
  deadlinesMs: number[];
  /** Claimed checks left unchanged, for the state machine. */
  rest: string[];
}

/**
 * Claims up to `limit` checks due at `now` (FOR UPDATE SKIP LOCKED, from the `order` end) and
 * applies the common timeouts in the same statement. Run it inside a transaction that also handles
 * `rest`: the locks are what keep another scheduler away from those checks.
 */
export async function claimDueApplyingCommonTimeouts(client: SqlClient, now: Date, limit: number, order: ClaimOrder = 'oldest'): Promise<ClaimedTimeouts> {
  // deadline_ms is float8, which pg parses to a number (a Date per flip would cost more in a herd).
  const { rows } = await client.query<{ id: string | null; check_id: string; deadline_ms: number | null }>(SQL[order], [now.toISOString(), limit]);
  const flips: CommittedFlip[] = [];
  const deadlinesMs: number[] = [];
  const rest: string[] = [];
  const flipped = new Set<string>();
  for (const r of rows) {
    if (r.id === null) {
      rest.push(r.check_id);
    } else {
      flips.push({ id: BigInt(r.id), checkId: r.check_id });
      deadlinesMs.push(r.deadline_ms as number);
      flipped.add(r.check_id);
    }
  }
  return { claimed: flipped.size + rest.length, flips, deadlinesMs, rest };
}

/**
 * Text of a deadline that is NOT the schedule's expected time (a check looked at again later):
 * one microsecond off the millisecond grid, which keeps it out of the SQL path above.
 */
export function offScheduleDeadlineText(d: Date): string {
  return d.toISOString().replace('Z', '001Z');
}
