import { applyDueDeadlines, deadlineFor } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { openTestStore, type TestStore } from '@upmon/testing';
import type pg from 'pg';
import { CHECK_STATE_COLUMNS, sqlRowToState, type CheckSqlRow } from '../src/check-sql.js';
import { flipNotifies } from '../src/flip-notifies.js';
import { claimDueApplyingCommonTimeouts, offScheduleDeadlineText, type ClaimedTimeouts } from '../src/timeout-sql.js';

let store: TestStore;
let prisma: PrismaClient;
let pool: pg.Pool;
let projectId: string;

/** A Monday; every deadline below falls in the two hours before it. */
const NOW = new Date('2026-05-04T10:00:00.000Z');
const ago = (min: number, micros = '') => new Date(NOW.getTime() - min * 60_000).toISOString().replace('Z', `${micros}Z`);

beforeAll(async () => {
  store = await openTestStore({ poolSize: 4 }); // three claims at once, and reads beside them
  ({ prisma, pool, projectId } = store);
});
afterAll(() => store.close());

const SCHEDULES = {
  period: { schedule_kind: 'period', period_sec: 3600 },
  cron: { schedule_kind: 'cron', cron: '*/20 * * * *', tz: 'Europe/Riga' },
  oncalendar: { schedule_kind: 'oncalendar', oncalendar: 'Mon..Fri *-*-* *:05:00', tz: 'America/St_Johns' },
} as const;

interface CheckSpec {
  schedule: keyof typeof SCHEDULES;
  kind?: 'heartbeat' | 'http';
  status: 'up' | 'late' | 'new';
  grace_sec: number;
  /** Text timestamps, microseconds allowed. */
  last_ping_at?: string;
  last_start_at?: string;
  resumed_at?: string;
  /** Default: what the state machine computes for this state (`deadlineFor`). */
  next_deadline_at?: string;
}

/** Inserts the check, then sets its deadline the way every writer does (deadlineFor of the stored state). */
async function insertCheck(spec: CheckSpec): Promise<string> {
  const s = SCHEDULES[spec.schedule];
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO checks (id, project_id, name, kind, schedule_kind, period_sec, cron, oncalendar, tz, grace_sec, status,
                         last_ping_at, last_start_at, resumed_at, next_deadline_at, http_config, updated_at)
     VALUES (gen_random_uuid(), $1, 'c', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now()) RETURNING id`,
    [
      projectId,
      spec.kind ?? 'heartbeat',
      s.schedule_kind,
      'period_sec' in s ? s.period_sec : null,
      'cron' in s ? s.cron : null,
      'oncalendar' in s ? s.oncalendar : null,
      'tz' in s ? s.tz : 'UTC',
      spec.grace_sec,
      spec.status,
      spec.last_ping_at ?? null,
      spec.last_start_at ?? null,
      spec.resumed_at ?? null,
      spec.next_deadline_at ?? null,
      spec.kind === 'http' ? { url: 'http://127.0.0.1/' } : null,
    ],
  );
  const id = rows[0]!.id;
  if (!spec.next_deadline_at) {
    const deadline = deadlineFor(sqlRowToState(await readRow(id)));
    await pool.query('UPDATE checks SET next_deadline_at = $2 WHERE id = $1', [id, deadline!.toISOString()]);
  }
  return id;
}

async function readRow(id: string): Promise<CheckSqlRow> {
  const { rows } = await pool.query<CheckSqlRow>(`SELECT ${CHECK_STATE_COLUMNS} FROM checks c WHERE c.id = $1`, [id]);
  return rows[0]!;
}

const flipsOf = async (id: string) =>
  (
    await pool.query<{ old_status: string; new_status: string; reason: string; ts: Date; fanned_out_at: Date | null }>(
      'SELECT old_status, new_status, reason, ts, fanned_out_at FROM flips WHERE check_id = $1 ORDER BY id',
      [id],
    )
  ).rows;

describe('common timeouts in SQL', () => {
  it('give exactly what applyDueDeadlines gives, for period, cron and OnCalendar checks; other checks are left to it, locked', async () => {
    const cases: Record<string, CheckSpec> = {};
    for (const schedule of Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[]) {
      // up -> late (deadline = expected + grace, still ahead)
      cases[`${schedule} up`] = { schedule, status: 'up', grace_sec: 86_400, last_ping_at: ago(95, '417') };
      // up -> late -> down (the grace has passed too: scheduler was behind)
      cases[`${schedule} up behind`] = { schedule, status: 'up', grace_sec: 300, last_ping_at: ago(110, '999') };
      // anchor = the resume, later than the last ping
      cases[`${schedule} resumed`] = { schedule, status: 'up', grace_sec: 7200, last_ping_at: ago(4000, '250'), resumed_at: ago(100, '733') };
      cases[`${schedule} late`] = { schedule, status: 'late', grace_sec: 300, last_ping_at: ago(118) };
      cases[`${schedule} run`] = { schedule, status: 'up', grace_sec: 300, last_ping_at: ago(60), last_start_at: ago(30, '123') };
    }
    cases['new run'] = { schedule: 'period', status: 'new', grace_sec: 300, last_start_at: ago(10) };
    const left: Record<string, CheckSpec> = {
      // A probed check's deadline left by an earlier version (probed checks have none since issue 27).
      'http up': {
        schedule: 'period',
        kind: 'http',
        status: 'up',
        grace_sec: 300,
        last_ping_at: ago(95),
        next_deadline_at: offScheduleDeadlineText(new Date(ago(5))),
      },
      'looked at again later': {
        schedule: 'cron',
        status: 'up',
        grace_sec: 300,
        last_ping_at: ago(95),
        next_deadline_at: offScheduleDeadlineText(new Date(ago(2))),
      },
    };
    const notDue = await insertCheck({ schedule: 'period', status: 'up', grace_sec: 60, last_ping_at: ago(30) });

    const ids: Record<string, string> = {};
    const expected: Record<string, ReturnType<typeof applyDueDeadlines>> = {};
    const before: Record<string, CheckSqlRow> = {};
    for (const [name, spec] of Object.entries({ ...cases, ...left })) {
      ids[name] = await insertCheck(spec);
      before[name] = await readRow(ids[name]!);
      expect(before[name]!.next_deadline_at!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expected[name] = applyDueDeadlines(sqlRowToState(before[name]!), NOW);
    }
    // The cases cover what they claim to.
    expect(expected['cron up']!.flips.map((f) => f.newStatus)).toEqual(['late']);
    expect(expected['oncalendar up behind']!.flips.map((f) => f.newStatus)).toEqual(['late', 'down']);

    const client = await pool.connect();
    let result: ClaimedTimeouts;
    try {
      await client.query('BEGIN');
      result = await claimDueApplyingCommonTimeouts(client, NOW, 1000);
      // The checks left to the state machine stay locked by this transaction.
      const other = await pool.query('SELECT id FROM checks WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED', [Object.keys(left).map((n) => ids[n])]);
      expect(other.rows).toEqual([]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }

    expect(result.claimed).toBe(Object.keys(cases).length + Object.keys(left).length);
    expect(new Set(result.rest)).toEqual(new Set(Object.keys(left).map((n) => ids[n])));
    for (const name of Object.keys(cases)) {
      const after = await readRow(ids[name]!);
      const exp = expected[name]!;
      expect({ name, status: after.status, deadline: after.next_deadline_at?.getTime() ?? null }).toEqual({
        name,
        status: exp.state.status,
        deadline: exp.state.nextDeadlineAt?.getTime() ?? null,
      });
      // Nothing else of the state changes (microseconds included).
      expect({ ...after, status: null, next_deadline_at: null, next_deadline_at_text: null }).toEqual({
        ...before[name],
        status: null,
        next_deadline_at: null,
        next_deadline_at_text: null,
      });
      const flips = await flipsOf(ids[name]!);
      // Every timeout notifies, so every flip of the SQL path waits for the fan-out, as the writers' would.
      expect(flips.map((f) => ({ old: f.old_status, new: f.new_status, reason: f.reason, ts: f.ts.getTime(), waiting: f.fanned_out_at === null }))).toEqual(
        exp.flips.map((f) => ({ old: f.oldStatus, new: f.newStatus, reason: f.reason, ts: f.ts.getTime(), waiting: flipNotifies(f) })),
      );
      // Every flip inserted is returned for publishing.
      expect(result.flips.filter((f) => f.checkId === ids[name]).length).toBe(flips.length);
    }
    for (const name of Object.keys(left)) {
      expect(await readRow(ids[name]!)).toEqual(before[name]);
      expect(await flipsOf(ids[name]!)).toEqual([]);
    }
    expect(await flipsOf(notDue)).toEqual([]);
  });

  it('claims from the oldest and from the newest end at once take the two ends, never the same check', async () => {
    // Earlier than every deadline of the test above, so only these six are due.
    const now = new Date(NOW.getTime() - 150 * 60_000);
    const due = [];
    for (let k = 6; k >= 1; k--) {
      const deadline = new Date(now.getTime() - k * 60_000).toISOString();
      due.push(await insertCheck({ schedule: 'period', status: 'up', grace_sec: 86_400, last_ping_at: ago(150 + k + 60), next_deadline_at: deadline }));
    }
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      const oldest = await claimDueApplyingCommonTimeouts(a, now, 2, 'oldest');
      const newest = await claimDueApplyingCommonTimeouts(b, now, 2, 'newest');
      expect(oldest.flips.map((f) => f.checkId)).toEqual(due.slice(0, 2));
      expect(newest.flips.map((f) => f.checkId).sort()).toEqual(due.slice(4).sort());
      // While both hold their rows, a third claim from either end gets the middle ones only.
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        expect((await claimDueApplyingCommonTimeouts(c, now, 10, 'newest')).flips.map((f) => f.checkId).sort()).toEqual(due.slice(2, 4).sort());
        await c.query('ROLLBACK');
      } finally {
        c.release();
      }
      await a.query('COMMIT');
      await b.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
    for (const [i, id] of due.entries()) expect((await readRow(id)).status).toBe(i >= 2 && i < 4 ? 'up' : 'late');
  });

  it('a deadline set to look at a check again later is off the millisecond grid', () => {
    const d = new Date('2026-05-04T10:05:00.123Z');
    expect(offScheduleDeadlineText(d)).toBe('2026-05-04T10:05:00.123001Z');
  });
});
