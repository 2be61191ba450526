// `pnpm bench reports`: a month's report on a project of 1,000 checks (issue 44; goal: ≤ 2 s for
// the report, ≤ 5 s for its CSV export) against the built api process. Last month, each check
// (created 60 days ago, tagged team-0…team-9) has two down episodes a day of 5–30 minutes (~120
// flips a check, ~120,000 in all), 300 of them are tcp checks with hourly response-time rollups for
// the whole month (~216,000 rollup rows), 10 SLOs (5 on checks, 5 on tags), and 3 maintenance
// windows. One request at a time over loopback, request to last byte: 1 warm-up, then 5 runs of
// GET /api/v1/reports?month=… (JSON) and 5 of the same with format=csv; median and range.
import pg from 'pg';
import { generateApiKey } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { printTable } from './report.js';

const CHECKS = 1000;
const PROBED = 300;
const RUNS = 5;

async function seed(pool: pg.Pool, monthStart: Date, monthEnd: Date): Promise<string> {
  const account = await pool.query<{ id: string }>(
    `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id`,
  );
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'bench', md5(random()::text)) RETURNING id`,
    [account.rows[0]?.id],
  );
  const projectId = project.rows[0]?.id as string;
  const key = generateApiKey('ro');
  await pool.query(`INSERT INTO api_keys (id, project_id, kind, prefix, hash) VALUES (gen_random_uuid(), $1, 'ro', $2, $3)`, [projectId, key.prefix, key.hash]);
  await pool.query(
    `INSERT INTO checks (id, project_id, name, kind, tags, schedule_kind, period_sec, grace_sec, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'service ' || i || ' "api", db', CASE WHEN i <= ${PROBED} THEN 'tcp'::"CheckKind" ELSE 'heartbeat'::"CheckKind" END,
            ARRAY['team-' || (i % 10)], 'period', 60, 60, 'up', $2::timestamptz - interval '30 days', now()
       FROM generate_series(1, ${CHECKS}) AS i`,
    [projectId, monthStart],
  );
  await pool.query(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
     SELECT id, project_id, created_at, 'new', 'up', 'ping', now() FROM checks WHERE project_id = $1`,
    [projectId],
  );
  await pool.query(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
     SELECT c.id, c.project_id, e.start + d.off, d.old::"CheckStatus", d.new::"CheckStatus", CASE WHEN d.new = 'down' THEN 'timeout'::"FlipReason" ELSE 'ping'::"FlipReason" END, now()
       FROM checks c
       CROSS JOIN LATERAL (SELECT $2::timestamptz + (k * interval '12 hours') + random() * interval '6 hours' AS start,
                                  (5 + random() * 25) * interval '1 minute' AS len
                             FROM generate_series(0, 59) AS k) e
       CROSS JOIN LATERAL (VALUES (interval '0', 'up', 'down'), (e.len, 'down', 'up')) AS d(off, old, new)
      WHERE c.project_id = $1 AND e.start + e.len < $3`,
    [projectId, monthStart, monthEnd],
  );
  await pool.query(
    `INSERT INTO probe_rollups (check_id, resolution, bucket, probes, failures, answered, total_ms_sum, max_ms, dns_ms_sum, connect_ms_sum, tls_ms_sum, first_byte_ms_sum, hist)
     SELECT c.id, 60, h, 60, 0, 60, 0, 900, 0, 0, 0, 0,
            (SELECT array_agg(CASE WHEN b BETWEEN 20 AND 40 THEN 3 ELSE 0 END ORDER BY b) FROM generate_series(0, 63) AS b)
       FROM checks c, generate_series($2::timestamptz, $3::timestamptz - interval '1 hour', interval '1 hour') AS h
      WHERE c.project_id = $1 AND c.kind = 'tcp'`,
    [projectId, monthStart, monthEnd],
  );
  await pool.query(
    `INSERT INTO slos (id, project_id, name, check_id, tag, target_percent, window_kind, window_days, updated_at)
     SELECT gen_random_uuid(), $1, 'slo ' || i, CASE WHEN i <= 5 THEN (SELECT id FROM checks WHERE project_id = $1 ORDER BY id OFFSET i LIMIT 1) END,
            CASE WHEN i > 5 THEN 'team-' || i END, 99.9, 'rolling', 30, now()
       FROM generate_series(1, 10) AS i`,
    [projectId],
  );
  await pool.query(
    `INSERT INTO maintenance_windows (id, project_id, name, scope, tags, schedule, tz, duration_min)
     VALUES (gen_random_uuid(), $1, 'nightly', 'tags', ARRAY['team-1'], '0 3 * * *', 'Europe/Riga', 30),
            (gen_random_uuid(), $1, 'weekly', 'project', '{}', '0 4 * * 0', 'UTC', 60),
            (gen_random_uuid(), $1, 'db', 'tags', ARRAY['team-2'], '30 2 * * *', 'UTC', 15)`,
    [projectId],
  );
  await pool.query('ANALYZE');
  return key.key;
}

async function timed(url: string, key: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: Buffer.byteLength(body) };
}

export async function run(): Promise<void> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const month = monthStart.toISOString().slice(0, 7);
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const prefix = testRedisPrefix();
  try {
    const key = await seed(pool, monthStart, monthEnd);
    const flips = (await pool.query<{ n: string }>('SELECT count(*) AS n FROM flips')).rows[0]?.n;
    const api = await startService('api', { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' });
    const rows: Record<string, string | number>[] = [];
    try {
      for (const [name, query, goal] of [
        ['report (JSON)', `month=${month}`, 2000],
        ['export (CSV)', `month=${month}&format=csv`, 5000],
      ] as const) {
        const url = `${api.url}/api/v1/reports?${query}`;
        await timed(url, key);
        const runs: { ms: number; bytes: number }[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await timed(url, key));
        const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
        rows.push({
          request: name,
          checks: CHECKS,
          flips: Number(flips),
          'median ms': ms[Math.floor(RUNS / 2)] as number,
          'min ms': ms[0] as number,
          'max ms': ms[RUNS - 1] as number,
          'goal ms': goal,
          bytes: runs[0]?.bytes ?? 0,
        });
      }
    } finally {
      await api.stop();
    }
    printTable(`reports: a month (${month}) of ${CHECKS} checks, ${RUNS} runs after a warm-up, one api process (shared 2-core machine)`, rows);
  } finally {
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
