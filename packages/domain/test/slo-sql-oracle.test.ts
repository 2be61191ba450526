import { calendarMonthRange, sloAttainment } from '@upmon/core';
import { readCheckTimelines } from '@upmon/domain';
import { makeCheck, makeMaintenanceWindow } from '@upmon/testing';
import { domainWorldOfThisFile } from './support/domain-world.js';

// The SLO arithmetic (core's sloAttainment over the flips and maintenance read by
// readCheckTimelines) against an independent computation from the raw rows in SQL: each flip's
// span to the next one (lead), clipped to the range, minus the windows that apply to the check as
// PostgreSQL multiranges. Random flips, pauses and windows of every scope; a month whose bounds
// PostgreSQL works out itself in a zone with a clock change in it.

const w = domainWorldOfThisFile();

/** A small deterministic generator (mulberry32): failures replay. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['up', 'late', 'down', 'paused'] as const;

const ORACLE = `
  WITH seg AS (
    SELECT f.check_id, f.new_status AS status, greatest(f.ts, c.created_at) AS s,
           coalesce(lead(f.ts) OVER (PARTITION BY f.check_id ORDER BY f.ts, f.id), $3::timestamptz) AS e
      FROM flips f JOIN checks c ON c.id = f.check_id
     WHERE f.check_id = ANY($1::uuid[]) AND f.ts <= $3::timestamptz
  ), clipped AS (
    SELECT check_id, status, tstzrange(greatest(s, $2::timestamptz), least(e, $3::timestamptz)) AS r
      FROM seg WHERE status IN ('up', 'late', 'down') AND greatest(s, $2::timestamptz) < least(e, $3::timestamptz)
  ), held AS (
    SELECT c.id AS check_id, range_agg(tstzrange(m.starts_at, m.ends_at)) AS m
      FROM checks c JOIN maintenance_windows m ON m.project_id = c.project_id
     WHERE c.id = ANY($1::uuid[])
       AND (m.scope = 'project' OR (m.scope = 'tags' AND c.tags && m.tags) OR (m.scope = 'checks' AND c.id = ANY(m.check_ids)))
     GROUP BY c.id
  ), parts AS (
    SELECT cl.status, upper(cl.r) - lower(cl.r) AS whole,
           (SELECT coalesce(sum(upper(u) - lower(u)), interval '0')
              FROM unnest(multirange(cl.r) - coalesce(h.m, '{}'::tstzmultirange)) AS u) AS outside
      FROM clipped cl LEFT JOIN held h ON h.check_id = cl.check_id
  )
  SELECT (extract(epoch FROM coalesce(sum(outside), interval '0')) * 1000)::bigint AS monitored,
         (extract(epoch FROM coalesce(sum(outside) FILTER (WHERE status = 'down'), interval '0')) * 1000)::bigint AS down,
         (extract(epoch FROM coalesce(sum(whole - outside), interval '0')) * 1000)::bigint AS held
    FROM parts`;

test.each([1, 2, 3, 4, 5, 6])('seed %i: a month in Riga (with its DST change), per check and summed over a tag', async (seed) => {
  const r = rng(seed);
  const project = await w.project();
  // PostgreSQL's own idea of March 2026 in Riga (743 h), against core's.
  const { rows: bounds } = await w.pool.query<{ f: string; t: string }>(
    `SELECT (extract(epoch FROM (timestamp '2026-03-01 00:00' AT TIME ZONE 'Europe/Riga')) * 1000)::bigint AS f,
            (extract(epoch FROM (timestamp '2026-04-01 00:00' AT TIME ZONE 'Europe/Riga')) * 1000)::bigint AS t`,
  );
  const range = { from: Number(bounds[0]!.f), to: Number(bounds[0]!.t) };
  expect(range).toEqual(calendarMonthRange('Europe/Riga', 2026, 3));
  const now = range.to + 3_600_000;
  const span = range.to - range.from;
  const at = (k: number) => new Date(range.from - 5 * 86_400_000 + Math.floor(k * (span + 10 * 86_400_000)));

  const checks = [];
  for (let i = 0; i < 4; i++) {
    const createdAt = at(r() * 0.4);
    const check = await makeCheck(w.prisma, project.projectId, { createdAt, tags: i % 2 === 0 ? ['web'] : ['db'] });
    let last = 'new';
    const n = 5 + Math.floor(r() * 40);
    const times = Array.from({ length: n }, () => at(r()))
      .filter((d) => d >= createdAt)
      .sort((a, b) => a.getTime() - b.getTime());
    for (const ts of times) {
      const next = STATUSES[Math.floor(r() * STATUSES.length)]!;
      if (next === last) continue;
      await w.pool.query(
        `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, $4, $5, 'manual', now())`,
        [check.id, project.projectId, ts, last, next],
      );
      last = next;
    }
    checks.push(check);
  }
  for (let k = 0; k < 4; k++) {
    const startsAt = at(r());
    const scope = (['project', 'tags', 'checks'] as const)[k % 3]!;
    await makeMaintenanceWindow(w.prisma, project.projectId, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + Math.floor(r() * 3 * 86_400_000)),
      scope,
      tags: scope === 'tags' ? ['web'] : [],
      checkIds: scope === 'checks' ? [checks[Math.floor(r() * checks.length)]!.id] : [],
    });
  }

  const timelines = await readCheckTimelines(w, project.projectId, checks, range.from, range.to);
  const oracle = async (ids: string[]) => {
    const { rows } = await w.pool.query<{ monitored: string; down: string; held: string }>(ORACLE, [ids, new Date(range.from), new Date(range.to)]);
    return { monitoredMs: Number(rows[0]!.monitored), downMs: Number(rows[0]!.down), maintenanceMs: Number(rows[0]!.held) };
  };
  const ours = (ids: string[]) => {
    const a = sloAttainment({ timelines: ids.map((id) => timelines.get(id)!), target: 0.999, range, now });
    return { monitoredMs: a.monitoredMs, downMs: a.downMs, maintenanceMs: a.maintenanceMs };
  };
  let counted = 0;
  for (const c of checks) {
    const expected = await oracle([c.id]);
    counted += expected.monitoredMs;
    expect(ours([c.id])).toEqual(expected);
  }
  const web = checks.filter((c) => c.tags.includes('web')).map((c) => c.id);
  expect(ours(web)).toEqual(await oracle(web));
  // The random timelines are not all trivial: something was monitored.
  expect(counted).toBeGreaterThan(0);
});
