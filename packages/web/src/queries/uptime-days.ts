import {
  excludeMaintenance,
  historyFromRollups,
  incidentListStart,
  rollupDays,
  utcDayStart,
  STATUS_PAGE_DAYS,
  type CheckStatus,
  type DayRollup,
  type MaintenanceTimeline,
  type RolledHistory,
  type Span,
  type StatusChange,
} from '@upmon/core';
import type pg from 'pg';

const DAY_MS = 86_400_000;
/**
 * A day is rolled up only once it ended this long ago, by the api's clock and by PostgreSQL's (the
 * insert checks again): a flip of the current day fires no invalidation, so a transaction that
 * writes one just before midnight must have committed before its day is rolled up
 * (migration 20261124210400_uptime_rollups).
 */
const ROLLUP_DELAY_MS = 3_600_000;
/** Advisory lock class shared with the flips trigger: (16016, hashtext(check id)). */
const LOCK_CLASS = 16016;

export interface HistoryCheck {
  id: string;
  /** ms since the epoch */
  createdAt: number;
  /** The maintenance that applied to it in the shown days, up to now (merged: maintenanceSpansByCheck). */
  maintenance: readonly Span[];
}

/**
 * The 90-day uptime history of each check (docs/status-pages.md, "Rollups"): complete days from
 * check_uptime_days, the rest from flips, and incidents from where the page's `listLimit` newest
 * can start. Shown days without a row are computed from flips and stored (write-through), so the
 * first rendering pays and the next ones read ~90 rows and a day or two of flips per check.
 * Time under maintenance is then taken out of the days (`excludeMaintenance`): the rollups count
 * flips alone, so editing a window changes no stored row, and the flips of the maintenance spans
 * are read apart. Two queries (rollups, then flips), a third beside the first when some check
 * had maintenance (the flips of every maintenance span), plus an insert in a transaction when
 * days were missing.
 */
export async function readUptimeHistories(pool: pg.Pool, checks: readonly HistoryCheck[], now: number, listLimit: number): Promise<Map<string, RolledHistory>> {
  const out = new Map<string, RolledHistory>();
  if (checks.length === 0) return out;
  const firstDay = utcDayStart(now) - (STATUS_PAGE_DAYS - 1) * DAY_MS;
  // Days before this one may be stored (rolledUntil can be no later).
  const rollable = Math.max(firstDay, utcDayStart(now - ROLLUP_DELAY_MS));
  const [stored, maintenance] = await Promise.all([readRollups(pool, checks, firstDay, rollable), readMaintenanceTimelines(pool, checks)]);

  // Per check: its rows up to its first missing day, which is where its flips are needed from.
  const plans = checks.map((c) => {
    const rows = stored.get(c.id) ?? [];
    let rolledUntil = firstDay;
    for (const r of rows) {
      if (r.start !== rolledUntil) break;
      rolledUntil += DAY_MS;
    }
    return { check: c, rollups: rows.filter((r) => r.start < rolledUntil), rolledUntil };
  });
  const incidentsFrom = incidentListStart(
    plans.flatMap((p) => p.rollups),
    firstDay,
    listLimit,
  );
  const since = plans.map((p) => Math.min(p.rolledUntil, incidentsFrom));

  const missing = plans.filter((p) => p.rolledUntil < rollable);
  let changes: Map<string, StatusChange[]>;
  if (missing.length === 0) {
    changes = await readChanges(pool, checks, since);
  } else {
    // Filling: under each filled check's advisory lock, so a flip landing on one of these days in a
    // concurrent transaction is either read here or deletes what is stored here (the trigger).
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, k) FROM (SELECT DISTINCT hashtext(id) AS k FROM unnest($1::text[]) AS id ORDER BY 1) s`, [
        missing.map((p) => p.check.id),
      ]);
      changes = await readChanges(client, checks, since);
      const filled: { checkId: string; day: DayRollup }[] = [];
      for (const p of missing) {
        const days = rollupDays({ createdAt: p.check.createdAt, changes: changes.get(p.check.id) ?? [], from: p.rolledUntil, to: rollable });
        for (const day of days) filled.push({ checkId: p.check.id, day });
        p.rollups.push(...days);
        p.rolledUntil = rollable;
      }
      await insertRollups(client, filled);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  for (const p of plans) {
    const history = historyFromRollups({
      createdAt: p.check.createdAt,
      rollups: p.rollups,
      rolledUntil: p.rolledUntil,
      incidentsFrom,
      changes: changes.get(p.check.id) ?? [],
      now,
    });
    const timelines = maintenance.get(p.check.id);
    out.set(p.check.id, timelines ? { ...history, days: excludeMaintenance(history.days, p.check.createdAt, timelines) } : history);
  }
  return out;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Stored rows of the shown days before `until`, per check, oldest first; packed one string per check. */
async function readRollups(pool: pg.Pool, checks: readonly HistoryCheck[], firstDay: number, until: number): Promise<Map<string, DayRollup[]>> {
  const { rows } = await pool.query<{ check_id: string; days: string }>({
    name: 'uptime-days-read',
    text: `SELECT check_id, string_agg((day - $2::date) || ' ' || up_ms || ' ' || monitored_ms || ' ' || incidents_started || ' ' || incidents_ended, ',' ORDER BY day) AS days
             FROM check_uptime_days
            WHERE check_id = ANY($1::uuid[]) AND day >= $2::date AND day < $3::date
            GROUP BY check_id`,
    values: [checks.map((c) => c.id), isoDay(firstDay), isoDay(until)],
  });
  const out = new Map<string, DayRollup[]>();
  for (const row of rows) {
    const n = unpackIntegers(row.days);
    const days: DayRollup[] = [];
    for (let i = 0; i + 4 < n.length; i += 5)
      days.push({
        start: firstDay + (n[i] as number) * DAY_MS,
        upMs: n[i + 1] as number,
        monitoredMs: n[i + 2] as number,
        incidentsStarted: n[i + 3] as number,
        incidentsEnded: n[i + 4] as number,
      });
    out.set(row.check_id, days);
  }
  return out;
}

/**
 * The non-negative integers of "1 2 3,4 5 6,…" in order. A page reads ~45,000 of them: scanning
 * the characters costs a fraction of split() and Number(), which made most of a warm view's
 * JavaScript time and garbage.
 */
function unpackIntegers(packed: string): number[] {
  const out: number[] = [];
  let n = -1;
  for (let i = 0; i < packed.length; i++) {
    const d = packed.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) n = (n < 0 ? 0 : n * 10) + d;
    else if (n >= 0) {
      out.push(n);
      n = -1;
    }
  }
  if (n >= 0) out.push(n);
  return out;
}

/**
 * Each check's flips from its `since` (ms) on, plus its last flip before (the status it starts
 * in), in the order they happened; over the flips(check_id, ts DESC) index, packed one row per
 * check as "<ms> <status>,…".
 */
export async function readChanges(
  db: pg.Pool | pg.PoolClient,
  checks: readonly { id: string }[],
  since: readonly number[],
): Promise<Map<string, StatusChange[]>> {
  const { rows } = await db.query<{ check_id: string; changes: string }>({
    name: 'uptime-days-flips',
    text: `SELECT c.id AS check_id, string_agg(f.ms || ' ' || f.new_status, ',' ORDER BY f.ms, f.id) AS changes
             FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, since)
             CROSS JOIN LATERAL (
               (SELECT id, (extract(epoch FROM ts) * 1000)::bigint AS ms, new_status FROM flips
                 WHERE check_id = c.id AND ts < c.since ORDER BY ts DESC, id DESC LIMIT 1)
               UNION ALL
               SELECT id, (extract(epoch FROM ts) * 1000)::bigint, new_status FROM flips
                WHERE check_id = c.id AND ts >= c.since
             ) f
            GROUP BY c.id`,
    values: [checks.map((c) => c.id), since.map((ms) => new Date(ms).toISOString())],
  });
  return new Map(rows.map((row) => [row.check_id, unpackChanges(row.changes)]));
}

/** "<ms> <status>,…" as changes. */
function unpackChanges(packed: string): StatusChange[] {
  return packed.split(',').map((item) => {
    const space = item.indexOf(' ');
    return { at: Number(item.slice(0, space)), status: item.slice(space + 1) as CheckStatus };
  });
}

/**
 * Per check with maintenance, what it did during each of its spans: the last flip before the span
 * and the flips inside it, over the flips(check_id, ts DESC) index, one packed row per span. One
 * query for all the page's spans; none when no check had maintenance.
 */
async function readMaintenanceTimelines(pool: pg.Pool, checks: readonly HistoryCheck[]): Promise<Map<string, MaintenanceTimeline[]>> {
  const spans = checks.flatMap((c) => c.maintenance.map((span) => ({ checkId: c.id, span })));
  const out = new Map<string, MaintenanceTimeline[]>();
  if (spans.length === 0) return out;
  const { rows } = await pool.query<{ n: string; changes: string }>({
    name: 'uptime-days-maintenance-flips',
    text: `SELECT s.n, string_agg(f.ms || ' ' || f.new_status, ',' ORDER BY f.ms, f.id) AS changes
             FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS s(check_id, start_at, end_at, n)
             CROSS JOIN LATERAL (
               (SELECT id, (extract(epoch FROM ts) * 1000)::bigint AS ms, new_status FROM flips
                 WHERE check_id = s.check_id AND ts < s.start_at ORDER BY ts DESC, id DESC LIMIT 1)
               UNION ALL
               SELECT id, (extract(epoch FROM ts) * 1000)::bigint, new_status FROM flips
                WHERE check_id = s.check_id AND ts >= s.start_at AND ts < s.end_at
             ) f
            GROUP BY s.n`,
    values: [spans.map((s) => s.checkId), spans.map((s) => new Date(s.span.start).toISOString()), spans.map((s) => new Date(s.span.end).toISOString())],
  });
  const changesOf = new Map(rows.map((r) => [Number(r.n), unpackChanges(r.changes)]));
  spans.forEach(({ checkId, span }, i) => {
    const list = out.get(checkId) ?? [];
    // A span with no flip before or in it: the check was new then, nothing to take out.
    list.push({ span, changes: changesOf.get(i + 1) ?? [] });
    out.set(checkId, list);
  });
  return out;
}

/** Stores computed days; a row already there (another rendering) stays, a day not yet an hour past by PostgreSQL's clock is skipped. */
async function insertRollups(client: pg.PoolClient, filled: readonly { checkId: string; day: DayRollup }[]): Promise<void> {
  if (filled.length === 0) return;
  await client.query({
    name: 'uptime-days-fill',
    text: `INSERT INTO check_uptime_days (check_id, day, up_ms, monitored_ms, incidents_started, incidents_ended)
           SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[]) AS r(check_id, day, up, monitored, started, ended)
            WHERE r.day < ((statement_timestamp() - interval '1 hour') AT TIME ZONE 'UTC')::date
           ON CONFLICT DO NOTHING`,
    values: [
      filled.map((f) => f.checkId),
      filled.map((f) => isoDay(f.day.start)),
      filled.map((f) => f.day.upMs),
      filled.map((f) => f.day.monitoredMs),
      filled.map((f) => f.day.incidentsStarted),
      filled.map((f) => f.day.incidentsEnded),
    ],
  });
}
