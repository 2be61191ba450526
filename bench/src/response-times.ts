// `pnpm bench response-times`: the server time of a probed check's response-time read (what the
// check page's chart and GET /checks/{id}/response-times do: `readResponseTimes`, the rollup
// rows by primary key and their sums) for 30 days of one-minute probes, with 2,000 other checks'
// rollups in the same table. Goal: the 30-day chart in ≤ 50 ms. Knob: RESPONSE_TIMES_READS (50).
import { writeProbeRollups, type ProbeSample } from '@upmon/check-store';
import { withPgTransaction } from '@upmon/db';
import { readResponseTimes } from '@upmon/domain';
import { createMigratedDatabase } from '@upmon/testing';
import pg from 'pg';
import { percentile, printTable } from './report.js';

const READS = Number(process.env.RESPONSE_TIMES_READS ?? 50);
const OTHER_CHECKS = 2000;
const DAYS = 31;

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  try {
    const now = new Date();
    const { rows } = await pool.query<{ project: string }>(
      `WITH a AS (INSERT INTO accounts (id, name, updated_at) VALUES (gen_random_uuid(), 'bench', now()) RETURNING id)
       INSERT INTO projects (id, account_id, name, ping_key) SELECT gen_random_uuid(), a.id, 'bench', md5(random()::text) FROM a RETURNING id AS project`,
    );
    const projectId = rows[0]!.project;
    const ids = (
      await pool.query<{ id: string }>(
        `INSERT INTO checks (id, project_id, kind, name, schedule_kind, period_sec, grace_sec, updated_at)
         SELECT gen_random_uuid(), $1, 'tcp', 'c' || i, 'period', 60, 60, now() FROM generate_series(0, $2) i RETURNING id`,
        [projectId, OTHER_CHECKS],
      )
    ).rows.map((r) => r.id);
    const target = ids[0]!;
    const started = Date.now();
    // The target: one probe a minute for 31 days. The others: their hourly buckets (one sample an
    // hour is enough to make the rows exist; the read touches the target's rows only).
    for (let day = 0; day < DAYS; day++) {
      const samples: ProbeSample[] = [];
      for (let m = 0; m < 1440; m++) {
        const at = new Date(now.getTime() - (day * 1440 + m) * 60_000);
        samples.push({
          checkId: target,
          at,
          ok: m % 97 !== 0,
          answered: true,
          totalMs: 20 + ((m * 37) % 400),
          dnsMs: 1,
          connectMs: 3,
          tlsMs: 10,
          firstByteMs: 5,
        });
      }
      await withPgTransaction(pool, (c) => writeProbeRollups(c, samples));
    }
    for (let i = 1; i < ids.length; i += 200) {
      const samples: ProbeSample[] = [];
      for (const id of ids.slice(i, i + 200))
        for (let h = 0; h < DAYS * 24; h++)
          samples.push({
            checkId: id,
            at: new Date(now.getTime() - h * 3_600_000),
            ok: true,
            answered: true,
            totalMs: 50,
            dnsMs: 1,
            connectMs: 3,
            tlsMs: 10,
            firstByteMs: 5,
          });
      await withPgTransaction(pool, (c) => writeProbeRollups(c, samples));
    }
    await pool.query('VACUUM ANALYZE probe_rollups');
    const setupSec = (Date.now() - started) / 1000;
    const table: Record<string, string | number>[] = [];
    for (const range of ['24h', '7d', '30d'] as const) {
      await readResponseTimes(pool, projectId, target, range, now); // warm
      const times: number[] = [];
      let points = 0;
      for (let i = 0; i < READS; i++) {
        const t0 = process.hrtime.bigint();
        const s = await readResponseTimes(pool, projectId, target, range, now);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        points = s.points.length;
      }
      table.push({
        range,
        points,
        reads: READS,
        'p50 ms': percentile(times, 50),
        'p95 ms': percentile(times, 95),
        'min ms': Math.min(...times),
        'max ms': Math.max(...times),
      });
    }
    const rollupRows = (await pool.query<{ n: string }>('SELECT count(*) AS n FROM probe_rollups')).rows[0]!.n;
    printTable(
      `response-times: one check's read, 31 days of one-minute probes (${rollupRows} rollup rows in the table, setup ${setupSec.toFixed(0)} s)`,
      table,
    );
  } finally {
    await pool.end();
    await db.drop();
  }
}
