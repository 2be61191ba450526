// `pnpm bench status-page`: server time of a public status page with 100 checks (goal: ≤ 50 ms).
// Each check has 90 days of history: a down episode of 10–40 minutes about three times a day
// (~540 flips per check, ~54,000 in all, plus a few older ones before the window) and 10,000
// flips of other checks beside them. The built api process serves the page; one client on
// loopback asks for it one request at a time (nothing queues), so request-to-last-byte is the
// server's time plus a loopback round trip; the api process's CPU per request is read from /proc
// beside it. 5 runs × 40 requests; p50/p95 per run, then the median of the runs' medians.
// Past days come from check_uptime_days (docs/status-pages.md, "Rollups"): the cold views (no day
// stored: every view reads 90 days of flips and stores the days) are timed apart, COLD_VIEWS times,
// then the runs measure views with the rollups warm (today's flips and the incident list's only).
import pg from 'pg';
import { randomToken } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { cpuSeconds } from './cpu-usage.js';
import { percentile, printTable } from './report.js';

const CHECKS = 100;
const GROUPS = 5;
const DAYS = 90;
/** Down episodes per check and day: 3 is a page of very unreliable checks (BENCH_STATUS_EPISODES_PER_DAY). */
const EPISODES_PER_DAY = Number(process.env.BENCH_STATUS_EPISODES_PER_DAY ?? 3);
const RUNS = 5;
const REQUESTS = 40;
const WARMUP = 10;
const COLD_VIEWS = 5;

async function seed(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [account],
    } = await client.query<{ id: string }>(
      `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id`,
    );
    const {
      rows: [project],
    } = await client.query<{ id: string }>(
      `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'bench project', $2) RETURNING id`,
      [account?.id, randomToken(16)],
    );
    const projectId = project?.id as string;
    // 100 checks on the page and 20 more that are not, created 120 days ago.
    await client.query(
      `INSERT INTO checks (id, project_id, name, status, schedule_kind, period_sec, grace_sec, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'service ' || i || ' <api> & "db"', (ARRAY['up','up','up','late','down'])[1 + i % 5]::"CheckStatus",
              'period', 300, 60, now() - interval '120 days', now()
       FROM generate_series(1, ${CHECKS + 20}) AS i`,
      [projectId],
    );
    // Each check: up at creation, then EPISODES_PER_DAY down episodes a day over the last 100 days.
    await client.query(
      `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
       SELECT c.id, c.project_id, c.created_at, 'new', 'up', 'ping', now() FROM checks c WHERE c.project_id = $1`,
      [projectId],
    );
    await client.query(
      `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
       SELECT c.id, c.project_id, e.start + d.off, d.old::"CheckStatus", d.new::"CheckStatus", 'timeout', now()
         FROM checks c
         CROSS JOIN LATERAL (
           SELECT now() - (k * interval '1 day' / ${EPISODES_PER_DAY}) - (random() * interval '4 hours') AS start,
                  (10 + random() * 30) * interval '1 minute' AS len
             FROM generate_series(1, ${(DAYS + 10) * EPISODES_PER_DAY}) AS k) e
         CROSS JOIN LATERAL (VALUES (interval '0', 'up', 'down'), (e.len, 'down', 'up')) AS d(off, old, new)
        WHERE c.project_id = $1`,
      [projectId],
    );
    const {
      rows: [page],
    } = await client.query<{ id: string; public_key: string }>(
      `INSERT INTO status_pages (id, project_id, title, enabled, updated_at) VALUES (gen_random_uuid(), $1, 'Bench <status>', true, now()) RETURNING id, public_key`,
      [projectId],
    );
    await client.query(
      `INSERT INTO status_page_groups (status_page_id, name, position) SELECT $1, 'Group ' || g, g FROM generate_series(0, ${GROUPS - 1}) AS g`,
      [page?.id],
    );
    await client.query(
      `INSERT INTO status_page_checks (group_id, check_id, position)
       SELECT g.id, c.id, (c.n - 1) / ${GROUPS}
         FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM checks WHERE project_id = $1 ORDER BY name LIMIT ${CHECKS}) c
         JOIN status_page_groups g ON g.status_page_id = $2 AND g.position = (c.n - 1) % ${GROUPS}`,
      [projectId, page?.id],
    );
    await client.query('ANALYZE');
    return page?.public_key as string;
  } finally {
    await client.end();
  }
}

async function timeOne(url: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`status page answered ${res.status}`);
  return { ms, bytes: body.byteLength };
}

/** p50s of RUNS runs of REQUESTS views each, and the api's CPU per view, against `url`. */
async function measure(url: string, pid: number | undefined, label: string): Promise<Record<string, string | number>> {
  for (let i = 0; i < WARMUP; i++) await timeOne(url);
  const rows: Record<string, string | number>[] = [];
  const medians: number[] = [];
  const cpus: number[] = [];
  for (let r = 1; r <= RUNS; r++) {
    const times: number[] = [];
    let cpuMs = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const cpu0 = cpuSeconds(pid);
      times.push((await timeOne(url)).ms);
      cpuMs += (cpuSeconds(pid) - cpu0) * 1000;
    }
    const p50 = percentile(times, 50);
    medians.push(p50);
    cpus.push(cpuMs / REQUESTS);
    rows.push({ run: r, 'p50 ms': p50, 'p95 ms': percentile(times, 95), 'max ms': Math.max(...times), 'api cpu ms/req': cpuMs / REQUESTS });
  }
  printTable(`status-page, ${label}: ${CHECKS} checks in ${GROUPS} groups, ${DAYS} days of flips`, rows);
  const sorted = [...medians].sort((a, b) => a - b);
  return {
    views: label,
    'median p50 ms': percentile(medians, 50),
    'spread ms': `${sorted[0]?.toFixed(1)}–${sorted[sorted.length - 1]?.toFixed(1)}`,
    'median api cpu ms/req': percentile(cpus, 50),
  };
}

/** The first view with no day stored (each after deleting every stored day), COLD_VIEWS times. */
async function measureCold(dbUrl: string, url: string, label: string): Promise<Record<string, string | number>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const times: number[] = [];
  try {
    for (let i = 0; i < COLD_VIEWS; i++) {
      await client.query('DELETE FROM check_uptime_days');
      times.push((await timeOne(url)).ms);
    }
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM check_uptime_days');
    console.log(`${label}: cold views ${times.map((t) => t.toFixed(1)).join(', ')} ms, then ${rows[0]?.n} days stored`);
  } finally {
    await client.end();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    views: `${label}, rollups cold (first view, fills them)`,
    'median p50 ms': percentile(times, 50),
    'spread ms': `${sorted[0]?.toFixed(1)}–${sorted[sorted.length - 1]?.toFixed(1)}`,
    'median api cpu ms/req': '',
  };
}

/**
 * Two api processes in turn: one renders every view (STATUS_PAGE_CACHE_SEC=0: the database read,
 * the uptime arithmetic and the HTML), cold and then with the rollups warm, one as deployed, where
 * viewers within 10 s share a rendering.
 */
export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const prefix = testRedisPrefix();
  const key = await seed(db.url);
  const summary: Record<string, string | number>[] = [];
  try {
    for (const [label, cacheSec] of [
      ['rendered for every view', '0'],
      ['as served (10 s server cache)', '10'],
    ] as const) {
      const api = await startService('api', {
        DATABASE_URL: db.url,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        STATUS_PAGE_CACHE_SEC: cacheSec,
      });
      try {
        const url = `${api.url}/status/${key}`;
        const first = await timeOne(url);
        console.log(`${label}: first view after start ${first.ms.toFixed(1)} ms, ${Math.round(first.bytes / 1024)} KB of HTML`);
        if (cacheSec === '0') summary.push({ ...(await measureCold(db.url, url, label)), 'HTML KB': Math.round(first.bytes / 1024) });
        summary.push({ ...(await measure(url, api.child.pid, `${label}, rollups warm`)), 'HTML KB': Math.round(first.bytes / 1024) });
      } finally {
        await api.stop();
      }
    }
    printTable('status-page summary (goal: ≤ 50 ms of server time)', summary);
  } finally {
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
