// Status page rollups against real PostgreSQL: the page rendered from stored days plus recent flips
// equals the page computed from every flip (uptimeHistory), before and after flips land on days
// already rolled up (the trigger of migration 20261124210400_uptime_rollups).
import { uptimeHistory, utcDayStart, type CheckStatus } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { makeCheck, makeProject, openTestStore, type TestStore } from '@upmon/testing';
import { jest } from '@jest/globals';
import type pg from 'pg';
import { readPublicStatusPage, type PublicStatusPageData, LISTED_INCIDENTS, publicStatusView } from '@upmon/web';

const DAY = 86_400_000;
const H = 3_600_000;

let store: TestStore;
let prisma: PrismaClient;
let pool: pg.Pool;

beforeAll(async () => {
  store = await openTestStore({ poolSize: 4 });
  ({ prisma, pool } = store);
});
afterAll(() => store.close());

/** mulberry32 */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertFlip(checkId: string, projectId: string, at: number, oldStatus: CheckStatus, newStatus: CheckStatus): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, $4, $5, 'ping', now()) RETURNING id`,
    [checkId, projectId, new Date(at).toISOString(), oldStatus, newStatus],
  );
  return (rows[0] as { id: string }).id;
}

/** A page of `n` checks created `createdDaysAgo` days ago, each changing status every ~`meanHours` hours until now. */
async function seedPage(seed: number, n: number, createdDaysAgo: number[], meanHours: number): Promise<{ key: string; projectId: string; checkIds: string[] }> {
  const rnd = random(seed);
  const now = Date.now();
  const project = await makeProject(prisma);
  const checkIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const createdAt = now - (createdDaysAgo[i] as number) * DAY;
    const check = await makeCheck(prisma, project.id, { name: `check ${i}`, createdAt: new Date(createdAt) });
    checkIds.push(check.id);
    let status: CheckStatus = 'new';
    const rows: [number, CheckStatus, CheckStatus][] = [];
    for (let t = createdAt + Math.floor(rnd() * H); t < now - 60_000; t += Math.floor(rnd() * 2 * meanHours * H)) {
      // Some flips exactly at midnight.
      const at = rnd() < 0.1 ? utcDayStart(t) + DAY : t;
      if (at >= now - 60_000) break;
      const choices: CheckStatus[] = (['up', 'late', 'down', 'down', 'paused'] as CheckStatus[]).filter((s) => s !== status);
      const next = choices[Math.floor(rnd() * choices.length)] as CheckStatus;
      rows.push([at, status, next]);
      status = next;
      t = at;
    }
    await pool.query(
      `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
       SELECT $1, $2, t, o::"CheckStatus", s::"CheckStatus", 'ping', now() FROM unnest($3::timestamptz[], $4::text[], $5::text[]) AS x(t, o, s)`,
      [check.id, project.id, rows.map((r) => new Date(r[0]).toISOString()), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
    await pool.query('UPDATE checks SET status = $2 WHERE id = $1', [check.id, status]);
  }
  const { rows } = await pool.query<{ id: string; public_key: string }>(
    `INSERT INTO status_pages (id, project_id, title, enabled, updated_at) VALUES (gen_random_uuid(), $1, 'Rollups', true, now()) RETURNING id, public_key`,
    [project.id],
  );
  const page = rows[0] as { id: string; public_key: string };
  const group = await pool.query<{ id: number }>(`INSERT INTO status_page_groups (status_page_id, name, position) VALUES ($1, 'All', 0) RETURNING id`, [
    page.id,
  ]);
  await pool.query(`INSERT INTO status_page_checks (group_id, check_id, position) SELECT $1, id, pos FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, pos)`, [
    group.rows[0]?.id,
    checkIds,
  ]);
  return { key: page.public_key, projectId: project.id, checkIds };
}

/** The page as the rollups render it, and as uptimeHistory computes it from every flip. */
async function bothViews(key: string, now: Date) {
  const data = (await readPublicStatusPage(pool, key, now, LISTED_INCIDENTS)) as PublicStatusPageData;
  const reference: PublicStatusPageData = {
    title: data.title,
    maintenance: data.maintenance,
    incidents: data.incidents,
    groups: await Promise.all(
      data.groups.map(async (g) => ({
        name: g.name,
        checks: await Promise.all(
          g.checks.map(async (c) => {
            const { rows } = await pool.query<{ ms: number; s: CheckStatus }>(
              `SELECT (extract(epoch FROM ts) * 1000)::float8 AS ms, new_status AS s FROM flips WHERE check_id = $1 ORDER BY ts, id`,
              [c.id],
            );
            const h = uptimeHistory({ createdAt: c.createdAt, changes: rows.map((r) => ({ at: r.ms, status: r.s })), now });
            return { ...c, history: { days: h.days, incidents: h.incidents, incidentCount: h.incidents.length } };
          }),
        ),
      })),
    ),
  };
  return { got: publicStatusView(data, now), want: publicStatusView(reference, now) };
}

/** Stored days per check: the first and last day and how many. */
async function storedDays(checkId: string): Promise<{ n: number; first: string | null; last: string | null }> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n, to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last FROM check_uptime_days WHERE check_id = $1`,
    [checkId],
  );
  return rows[0];
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('status page from day rollups (real PostgreSQL)', () => {
  it('the first rendering stores the complete days, the next ones read them; equal to the flips-based page throughout', async () => {
    // ~4 flips a day over 90 days: hundreds of incidents, so the list needs only recent flips.
    const { key, projectId, checkIds } = await seedPage(1, 4, [120, 120, 120, 40], 6);
    const now = new Date();
    const today = utcDayStart(now.getTime());
    const firstDay = today - 89 * DAY;
    const rollable = utcDayStart(now.getTime() - H);
    expect(await storedDays(checkIds[0] as string)).toEqual({ n: 0, first: null, last: null });

    const cold = await bothViews(key, now);
    expect(cold.got).toEqual(cold.want);
    expect(cold.got.olderIncidents).toBeGreaterThan(0);
    for (const id of checkIds) expect(await storedDays(id)).toEqual({ n: (rollable - firstDay) / DAY, first: iso(firstDay), last: iso(rollable - DAY) });

    // Warm: no transaction, no fill (pool.query checks a client out with a callback, a fill without).
    const connect = jest.spyOn(pool, 'connect');
    const warm = await bothViews(key, now);
    expect(connect.mock.calls.filter((args: unknown[]) => args.length === 0)).toEqual([]);
    connect.mockRestore();
    expect(warm.got).toEqual(cold.want);

    // A flip lands on a rolled-up day (a ping with a past timestamp, an import): that check's days
    // from then on are deleted, the others stay, and the page still equals the flips-based one.
    const [a, b, c] = checkIds as [string, string, string];
    await insertFlip(a, projectId, today - 10 * DAY + 5 * H, 'up', 'down');
    expect(await storedDays(a)).toEqual({ n: (today - 10 * DAY - firstDay) / DAY, first: iso(firstDay), last: iso(today - 11 * DAY) });
    expect((await storedDays(b)).n).toBe((rollable - firstDay) / DAY);
    const afterPast = await bothViews(key, now);
    expect(afterPast.got).toEqual(afterPast.want);
    expect(afterPast.got).not.toEqual(cold.want);
    expect((await storedDays(a)).n).toBe((rollable - firstDay) / DAY);

    // A flip exactly at midnight can end an episode of the day before: from that day on.
    await insertFlip(b, projectId, today - 5 * DAY, 'down', 'up');
    expect((await storedDays(b)).last).toBe(iso(today - 7 * DAY));
    // A flip moved to an earlier day: from the earlier of its two days on.
    const { rows } = await pool.query<{ id: string; ms: number }>(
      `SELECT id, (extract(epoch FROM ts) * 1000)::float8 AS ms FROM flips WHERE check_id = $1 AND ts >= $2 ORDER BY ts LIMIT 1`,
      [c, new Date(today - 3 * DAY).toISOString()],
    );
    const moved = rows[0] as { id: string; ms: number };
    await pool.query(`UPDATE flips SET ts = ts - interval '17 days' WHERE id = $1`, [moved.id]);
    expect((await storedDays(c)).last).toBe(iso(utcDayStart(moved.ms - 17 * DAY - 1) - DAY));
    // Marking a flip fanned out and a flip of today change nothing.
    await pool.query(`UPDATE flips SET fanned_out_at = now() WHERE check_id = $1`, [a]);
    await insertFlip(a, projectId, now.getTime() - 1000, 'down', 'up');
    expect((await storedDays(a)).n).toBe((rollable - firstDay) / DAY);

    const again = await bothViews(key, now);
    expect(again.got).toEqual(again.want);
  });

  it('checks created within the shown days, paused and still down ones, few incidents: equal too', async () => {
    const { key, checkIds } = await seedPage(2, 5, [200, 30, 2, 89.5, 0.2], 40);
    const now = new Date();
    for (let i = 0; i < 2; i++) {
      const { got, want } = await bothViews(key, now);
      expect(got).toEqual(want);
      expect(got.olderIncidents).toBe(0);
    }
    // A check created 2 days ago has rows for every shown day (zero before its creation).
    expect((await storedDays(checkIds[2] as string)).n).toBe((utcDayStart(now.getTime() - H) - (utcDayStart(now.getTime()) - 89 * DAY)) / DAY);
  });
  it('a filling rendering waits for an open transaction that wrote a flip on a past day, then reads it', async () => {
    const { key, projectId, checkIds } = await seedPage(3, 2, [100, 100], 12);
    const now = new Date();
    const today = utcDayStart(now.getTime());
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, 'up', 'paused', 'ping', now())`,
        [checkIds[0], projectId, new Date(today - 30 * DAY + 3 * H).toISOString()],
      );
      let settled = false;
      const rendering = bothViews(key, now).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      await writer.query('COMMIT');
      const { got, want } = await rendering;
      expect(got).toEqual(want);
    } finally {
      writer.release();
    }
    const warm = await bothViews(key, now);
    expect(warm.got).toEqual(warm.want);
  });
});
