// Ten million checks (issue 30, item 4), on one setup of the benchmarks' own PostgreSQL:
//   1. a 1,000-check project's dashboard and GET /api/v1/checks, alone in the database;
//   2. 9,999,000 more checks in 9,999 other projects (setup time and disk used reported);
//   3. the same two reads again (unaffected?);
//   4. deadline lag: deadlines spread as 10 million checks due once an hour (~2,800 a second),
//      one scheduler, BENCH_WINDOW_SEC of flips measured (goal p99 ≤ 1 s);
//   5. a herd: BENCH_SCALE_HERD (1,000,000) deadlines in the same second (goal: all flipped ≤ 30 s);
//   6. the retention sweep over 10 million checks: time per round, and so per pass.
// BENCH_SCALE_CHECKS changes the total (e.g. 1,000,000 while iterating); BENCH_SCALE_STEPS
// (reads,lag,herd,retention) runs only some of steps 1-6 after the setup. The herd alone on a
// million checks (setup ~1-2 min instead of 10+): BENCH_SCALE_CHECKS=1000000 BENCH_SCALE_STEPS=herd
// pnpm bench scale-10m (the herd is then the 999,000 background checks).
import fs from 'node:fs';
import pg from 'pg';
import { prunePings } from '@upmon/check-store';
import { generateApiKey } from '@upmon/crypto';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { backendPids, CpuMeter, cpuSeconds } from './cpu-usage.js';
import { FlipWatcher } from './deadline-lag.js';
import { percentile, printTable } from './report.js';
import { createBenchDatabase } from './bench-servers.js';
import { seed as seedDashboardProject, timeOne } from './web-dashboard.js';

const TOTAL = Number(process.env.BENCH_SCALE_CHECKS ?? 10_000_000);
const HERD = Number(process.env.BENCH_SCALE_HERD ?? 1_000_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_SEC ?? 20) * 1000;
const PER_PROJECT = 1000;
/** Deadlines of the background checks: from `BASE_OFFSET` from now, spread over an hour. */
const SPREAD_MS = 3_600_000;
const BASE_OFFSET_MS = 86_400_000;
/**
 * The background checks (their deadlines are a day ahead, minus the setup time): the dashboard
 * project's own checks can be due an hour or more ahead too, and must not shift the window.
 */
const BACKGROUND = `next_deadline_at > now() + interval '12 hours'`;
const BENCH_APP = 'upmon-bench';
const VIEWS = 40;
const STEPS = new Set((process.env.BENCH_SCALE_STEPS ?? 'reads,lag,herd,retention').split(','));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** p50 of `VIEWS` sequential requests (after 30 unmeasured ones). */
async function readTimes(api: ServiceProcess, projectId: string, cookie: string, apiKey: string): Promise<Record<string, string | number>> {
  const dashboard: number[] = [];
  const list: number[] = [];
  const cpu = { dashboard: 0, list: 0 };
  const get = async (path: string, headers: Record<string, string>) => {
    const t0 = performance.now();
    const res = await fetch(`${api.url}${path}`, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 30; i++) {
    await timeOne(`${api.url}/projects/${projectId}`, cookie);
    await get('/api/v1/checks', { authorization: `Bearer ${apiKey}` });
  }
  // The api's CPU per request beside the wall time: steadier on a shared machine.
  for (let i = 0; i < VIEWS; i++) {
    let c0 = cpuSeconds(api.child.pid);
    dashboard.push((await timeOne(`${api.url}/projects/${projectId}`, cookie)).ms);
    cpu.dashboard += cpuSeconds(api.child.pid) - c0;
    c0 = cpuSeconds(api.child.pid);
    list.push(await get('/api/v1/checks', { authorization: `Bearer ${apiKey}` }));
    cpu.list += cpuSeconds(api.child.pid) - c0;
  }
  return {
    'dashboard p50 ms': percentile(dashboard, 50),
    'dashboard p90 ms': percentile(dashboard, 90),
    'dashboard api cpu ms': Number(((1000 * cpu.dashboard) / VIEWS).toFixed(1)),
    'GET /checks p50 ms': percentile(list, 50),
    'GET /checks p90 ms': percentile(list, 90),
    'GET /checks api cpu ms': Number(((1000 * cpu.list) / VIEWS).toFixed(1)),
  };
}

/** 9,999 more projects of 1,000 up checks each, deadlines one day ahead spread over an hour. */
async function insertBackground(pool: pg.Pool, n: number): Promise<void> {
  const projects = Math.ceil(n / PER_PROJECT);
  await pool.query(`INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'background', 'business', now())`);
  await pool.query(
    `INSERT INTO projects (id, account_id, name, ping_key)
     SELECT gen_random_uuid(), (SELECT id FROM accounts WHERE name = 'background'), 'p' || g, md5(random()::text) FROM generate_series(1, $1::int) g`,
    [projects],
  );
  const { rows } = await pool.query<{ id: string }>(
    `SELECT p.id FROM projects p JOIN accounts a ON a.id = p.account_id WHERE a.name = 'background' ORDER BY p.id`,
  );
  const ids = rows.map((r) => r.id);
  const base = new Date(Date.now() + BASE_OFFSET_MS).toISOString();
  const chunk = 200_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk);
    await pool.query(
      `INSERT INTO checks (id, project_id, name, slug, tags, schedule_kind, period_sec, grace_sec, status, last_ping_at, next_deadline_at, created_at, updated_at)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + g / ${PER_PROJECT}], 'check ' || g, 'check-' || g, ARRAY['team-' || (g % 7)], 'period', 3600, 3600, 'up',
              d - interval '1 hour', d, now(), now()
         FROM (SELECT g, date_trunc('milliseconds', $2::timestamptz + random() * ${SPREAD_MS} * interval '1 ms') AS d FROM generate_series($3::int, $4::int) g) s`,
      [ids, base, from, to - 1],
    );
    if ((from / chunk) % 10 === 9) console.log(`scale-10m: ${to.toLocaleString('en')} background checks inserted`);
  }
}

async function sizes(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ db: string; checks: string; pings: string; flips: string }>(
    `SELECT pg_size_pretty(pg_database_size(current_database())) AS db, pg_size_pretty(pg_total_relation_size('checks')) AS checks,
            pg_size_pretty(pg_total_relation_size('pings')) AS pings, pg_size_pretty(pg_total_relation_size('flips')) AS flips`,
  );
  const r = rows[0]!;
  return `database ${r.db} (checks with indexes ${r.checks}, pings ${r.pings}, flips ${r.flips})`;
}

export async function run(): Promise<void> {
  const db = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 3, application_name: BENCH_APP, idleTimeoutMillis: 0 });
  const prefix = testRedisPrefix();
  const procs: ServiceProcess[] = [];
  const env = { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  try {
    // 1. The 1,000-check project (web-dashboard's mix of statuses and schedules), with an API key.
    const { projectId, cookie } = await seedDashboardProject(db.url);
    const key = generateApiKey('ro');
    await pool.query(`INSERT INTO api_keys (id, project_id, kind, prefix, hash) VALUES (gen_random_uuid(), $1, 'ro', $2, $3)`, [
      projectId,
      key.prefix,
      key.hash,
    ]);
    await pool.query('VACUUM ANALYZE');
    const reads: Record<string, string | number>[] = [];
    const measureReads = async (database: string) => {
      const api = await startService('api', env);
      procs.push(api);
      reads.push({ database, ...(await readTimes(api, projectId, cookie, key.key)) });
      await procs.pop()?.stop();
    };
    if (STEPS.has('reads')) await measureReads('1,000 checks');

    // 2. The other checks.
    const t0 = Date.now();
    await insertBackground(pool, TOTAL - 1000);
    const insertSec = (Date.now() - t0) / 1000;
    const t1 = Date.now();
    await pool.query('VACUUM ANALYZE checks');
    const setup = `${(TOTAL - 1000).toLocaleString('en')} checks inserted in ${insertSec.toFixed(0)} s, VACUUM ANALYZE ${((Date.now() - t1) / 1000).toFixed(0)} s; ${await sizes(pool)}`;
    console.log(`scale-10m: ${setup}`);

    // 3. The same reads among them (a fresh api process, as in 1).
    if (STEPS.has('reads')) await measureReads(`${TOTAL.toLocaleString('en')} checks`);
    if (STEPS.has('reads')) printTable('scale: a 1,000-check project read alone and among the others (40 sequential requests each, after 30)', reads);

    if (STEPS.has('lag')) {
      // 4. Steady deadlines: the first WINDOW_MS of the spread (+ 2 s) moved to start 10 s from now,
      // with the scheduler already running (its start-up is not part of the lag).
      procs.push(await startService('scheduler', env));
      const shift = `(SELECT min(next_deadline_at) FROM checks WHERE ${BACKGROUND}) - ($1::timestamptz)`;
      const start = new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000);
      const moved = await pool.query(
        `WITH s AS (SELECT ${shift} AS d)
       UPDATE checks c SET next_deadline_at = c.next_deadline_at - s.d FROM s
        WHERE c.next_deadline_at >= s.d + $1::timestamptz AND c.next_deadline_at < s.d + $1::timestamptz + $2 * interval '1 ms'`,
        [start.toISOString(), WINDOW_MS + 2000],
      );
      console.log(`scale-10m: ${moved.rowCount} deadlines in the first ${WINDOW_MS / 1000 + 2} s from ${start.toISOString()}`);
      if (Date.now() > start.getTime()) throw new Error('moving the deadlines took longer than 10 s');
      const watcher = new FlipWatcher(pool);
      watcher.start();
      await sleep(start.getTime() + WINDOW_MS + 2000 - Date.now());
      await watcher.stop();
      const inWindow = watcher.seen.filter((f) => f.ts >= start.getTime() && f.ts < start.getTime() + WINDOW_MS);
      const lags = inWindow.map((f) => f.visible - f.ts);
      const lag = {
        scenario: `${TOTAL.toLocaleString('en')} checks, deadlines due once an hour`,
        'flips measured': inWindow.length,
        'flips/s': Math.round(inWindow.length / (WINDOW_MS / 1000)),
        'lag p50 ms': percentile(lags, 50),
        'lag p99 ms': percentile(lags, 99),
        'lag max ms': Math.max(...lags),
      };
      printTable('scale: deadline lag (deadline -> flip visible, +<=50 ms polling), one scheduler', [lag]);
    }
    if (STEPS.has('herd')) {
      // 5. The herd: HERD checks due within one second. The scheduler is stopped while their
      // deadlines are written (one UPDATE), then started again before that second comes.
      for (const p of procs.splice(0)) await p.stop();
      const setupSec = Number(process.env.BENCH_SCALE_HERD_SETUP_SEC ?? 120);
      const at = new Date(Math.ceil((Date.now() + setupSec * 1000) / 1000) * 1000);
      const u0 = Date.now();
      const herd = await pool.query(
        `UPDATE checks SET next_deadline_at = date_trunc('milliseconds', $1::timestamptz + random() * interval '999 ms')
        WHERE id IN (SELECT id FROM checks WHERE ${BACKGROUND} ORDER BY next_deadline_at LIMIT $2)`,
        [at.toISOString(), HERD],
      );
      // In production the herd's rows were last written long before their deadline (a ping an hour
      // earlier), so autovacuum has cleaned up after that write and the server has recycled WAL
      // segments through its checkpoints. Here the rows were written just now, in a cluster that
      // has never recycled a segment: without these two statements the herd would pay for pruning
      // a million dead row versions and for creating (zero-filling) every WAL file it writes,
      // depending on whether autovacuum happened to finish first. The checkpoint also makes the
      // herd's first write of every page a full-page image, as after any production checkpoint.
      const v0 = Date.now();
      await pool.query('VACUUM checks');
      await pool.query('CHECKPOINT');
      console.log(
        `scale-10m: herd of ${herd.rowCount} written in ${((v0 - u0) / 1000).toFixed(0)} s, VACUUM and CHECKPOINT ${((Date.now() - v0) / 1000).toFixed(0)} s`,
      );
      if (Date.now() > at.getTime() - 5000) throw new Error('the herd took longer to write than BENCH_SCALE_HERD_SETUP_SEC allows');
      procs.push(await startService('scheduler', env));
      const cpu = new CpuMeter();
      const pids = () => procs.map((p) => p.child.pid ?? 0);
      await sleep(at.getTime() - Date.now());
      cpu.start([...pids(), ...(await backendPids(pool, BENCH_APP))]);
      const giveUp = Date.now() + 180_000;
      let flipped = 0;
      while (Date.now() < giveUp) {
        await sleep(250);
        flipped = Number(
          (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM flips WHERE ts >= $1 AND ts < $1::timestamptz + interval '1 s'`, [at])).rows[0]!.n,
        );
        if (flipped >= (herd.rowCount ?? 0)) break;
      }
      const doneSec = (Date.now() - at.getTime()) / 1000;
      const used = { scheduler: cpu.spent(pids()), postgres: cpu.spent(await backendPids(pool, BENCH_APP)) };
      const all = flipped >= (herd.rowCount ?? 0);
      printTable('scale: herd (flips counted every 250 ms; goal: all flipped within 30 s)', [
        {
          herd: herd.rowCount ?? 0,
          flipped,
          'all flipped after (s)': all ? doneSec : `not after ${doneSec.toFixed(0)}`,
          goal: all && doneSec <= 30 ? 'met' : 'NOT met',
          'flips/s': Math.round(flipped / doneSec),
          'CPU µs/flip: scheduler': Math.round((used.scheduler * 1000) / Math.max(1, flipped)),
          postgres: Math.round((used.postgres * 1000) / Math.max(1, flipped)),
          'load average': fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0] as string,
        },
      ]);
      for (const p of procs.splice(0)) await p.stop();
    }
    if (STEPS.has('retention')) {
      // 6. Retention: pings for the 1,000-check project (1,100 each: 100 over the 1,000 kept), then
      // the sweep's rounds timed back to back over every check (the scheduler pauses 1 s between).
      await pool.query(
        `INSERT INTO pings (check_id, ts, type, method, body_size, n)
       SELECT c.id, now() - g * interval '1 second', 'success', 'GET', 0, g FROM checks c CROSS JOIN generate_series(1, 1100) g WHERE c.project_id = $1`,
        [projectId],
      );
      await pool.query('VACUUM ANALYZE pings');
      const roundMs: number[] = [];
      let cursor = '00000000-0000-0000-0000-000000000000';
      let deleted = 0;
      const sweepStart = Date.now();
      for (;;) {
        const r0 = performance.now();
        const r = await prunePings(pool, { afterId: cursor, pingedSince: null, limit: 1000, keep: 1000 });
        roundMs.push(performance.now() - r0);
        deleted += r.deleted;
        if (r.lastId === null) break;
        cursor = r.lastId;
      }
      const sweepSec = (Date.now() - sweepStart) / 1000;
      printTable('scale: retention sweep over every check (1,000 checks a round, rounds back to back)', [
        {
          rounds: roundMs.length,
          'round p50 ms': percentile(roundMs, 50),
          'round p99 ms': percentile(roundMs, 99),
          'sweep s (no pauses)': sweepSec,
          'pass at 1 round/s (h)': Number(((roundMs.length * 1000 + roundMs.reduce((a, b) => a + b, 0)) / 3_600_000).toFixed(2)),
          'pings deleted': deleted,
        },
      ]);
    }
    console.log(`scale-10m: setup: ${setup}; at the end: ${await sizes(pool)}`);
  } finally {
    for (const p of procs) await p.stop();
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
