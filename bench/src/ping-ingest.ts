// Ping ingest, open loop (issue 30): a constant offered rate of pings against the real, built api
// process, latency counted from each ping's due time (open-loop-client.ts), CPU per ping of the
// api and of the whole PostgreSQL server (every backend and background worker, autovacuum
// included), and every answered ping found stored afterwards. Runs on the benchmarks' own
// production-like PostgreSQL (bench-servers.ts).
//
//   pnpm bench ping-ingest   BENCH_PING_RUNS runs at each of BENCH_PING_RATES (default 5 × 10,000/s,
//                            BENCH_DURATION_SEC each), then the highest rate held (BENCH_PING_MAX=0 skips it)
//   pnpm bench ping-soak     BENCH_SOAK_MIN minutes (10) at BENCH_SOAK_RATE (5,000/s), one row per minute
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { machineCpuMs, processCpuMs, treeCpuMs } from './cpu-usage.js';
import { startOpenLoop, type OpenLoopResult } from './open-loop.js';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';
import { printTable } from './report.js';
import { createBenchDatabase } from './bench-servers.js';

const CHECKS = Number(process.env.BENCH_PING_CHECKS ?? 100_000);
const BENCH_APP = 'upmon-bench';
/** A rate is "held" when every ping is answered 2xx and the p99 stays within this. */
const HELD_P99_MS = 100;

interface Ctx {
  pool: pg.Pool;
  api: ServiceProcess;
  postmasterPid: number | null;
  pathsFile: string;
}

/** Cumulative counters read before and after a run. */
interface Counters {
  apiMs: number;
  pgMs: number;
  benchBackendsMs: number;
  machine: { busy: number; total: number };
  maxPingId: string;
  upd: number;
  hotUpd: number;
  walBytes: number;
  commits: number;
  autovacuums: number;
}

async function counters(ctx: Ctx): Promise<Counters> {
  const { rows } = await ctx.pool.query<{
    max_id: string;
    upd: string;
    hot: string;
    wal: string;
    commits: string;
    av: string;
    bench_pids: number[];
  }>(
    `SELECT (SELECT coalesce(max(id), 0)::text FROM pings) AS max_id,
            (SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'checks') AS upd,
            (SELECT n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'checks') AS hot,
            (SELECT wal_bytes FROM pg_stat_wal) AS wal,
            (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
            (SELECT sum(autovacuum_count + autoanalyze_count) FROM pg_stat_user_tables) AS av,
            (SELECT array_agg(pid) FROM pg_stat_activity WHERE application_name = $1) AS bench_pids`,
    [BENCH_APP],
  );
  const r = rows[0]!;
  // The server's whole process tree when the bench started it; otherwise (the machine's shared
  // server) only this database's backends can be attributed.
  let pgMs = 0;
  if (ctx.postmasterPid) pgMs = treeCpuMs(ctx.postmasterPid);
  else {
    const { rows: b } = await ctx.pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
    pgMs = b.reduce((s, x) => s + processCpuMs(x.pid), 0);
  }
  return {
    apiMs: treeCpuMs(ctx.api.child.pid as number),
    pgMs,
    benchBackendsMs: (r.bench_pids ?? []).reduce((s, p) => s + processCpuMs(p), 0),
    machine: machineCpuMs(),
    maxPingId: r.max_id,
    upd: Number(r.upd),
    hotUpd: Number(r.hot),
    walBytes: Number(r.wal),
    commits: Number(r.commits),
    autovacuums: Number(r.av),
  };
}

/** One row of figures for the interval between two counter readings. */
async function figures(ctx: Ctx, a: Counters, b: Counters, answered: number): Promise<Record<string, string | number>> {
  const stored = Number(
    (await ctx.pool.query<{ n: string }>('SELECT count(*) AS n FROM pings WHERE id > $1::bigint AND id <= $2::bigint', [a.maxPingId, b.maxPingId])).rows[0]!.n,
  );
  const per = (x: number) => Math.round((1000 * x) / Math.max(1, answered));
  const apiMs = b.apiMs - a.apiMs;
  // The bench's own connections (these counters, the stored count) are not the api's work.
  const pgMs = b.pgMs - a.pgMs - Math.max(0, b.benchBackendsMs - a.benchBackendsMs);
  const machine = { busy: b.machine.busy - a.machine.busy, total: b.machine.total - a.machine.total };
  const upd = b.upd - a.upd;
  return {
    stored,
    'stored>=answered': stored >= answered ? 'yes' : 'NO',
    'api µs/ping': per(apiMs),
    'pg µs/ping': per(pgMs),
    'api+pg µs/ping': per(apiMs + pgMs),
    'HOT %': upd ? Math.round((100 * (b.hotUpd - a.hotUpd)) / upd) : '-',
    'WAL B/ping': Math.round((b.walBytes - a.walBytes) / Math.max(1, answered)),
    'pings/commit': Math.round(answered / Math.max(1, b.commits - a.commits)),
    autovacuums: b.autovacuums - a.autovacuums,
    'machine busy': `${Math.round((100 * machine.busy) / Math.max(1, machine.total))}%`,
    load: os.loadavg()[0]!.toFixed(2),
  };
}

async function offer(
  ctx: Ctx,
  rate: number,
  durationSec: number,
  intervalSec = durationSec,
): Promise<{ result: OpenLoopResult & { processCpuMs: number }; before: Counters; after: Counters }> {
  const before = await counters(ctx);
  const gen = startOpenLoop({
    host: '127.0.0.1',
    port: ctx.api.port,
    pathsFile: ctx.pathsFile,
    rate,
    durationSec,
    connections: 256,
    maxConnections: 1024,
    intervalSec,
    drainTimeoutMs: 15_000,
  });
  const result = await gen.result;
  const after = await counters(ctx);
  return { result, before, after };
}

function latencyColumns(r: OpenLoopResult & { processCpuMs: number }): Record<string, string | number> {
  return {
    offered: r.offeredRate,
    due: r.due,
    '2xx': r.ok,
    'not 2xx': r.failed,
    unanswered: r.unanswered,
    // Of those, sent on a keep-alive connection the server closed under it (idle past its
    // keepAliveTimeout): the client's side of the usual keep-alive race, never read by the api.
    'conn closed': r.socketErrors,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'p99.9 ms': r.p999Ms,
    'max ms': r.maxMs,
    conns: r.connectionsUsed,
    'gen µs/ping': Math.round((1000 * r.processCpuMs) / Math.max(1, r.due)),
  };
}

async function withApi<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const db = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2, application_name: BENCH_APP, idleTimeoutMillis: 0 });
  const prefix = testRedisPrefix();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ping-ingest-'));
  let api: ServiceProcess | null = null;
  try {
    const projectId = await createBenchProject(pool);
    const setupStart = Date.now();
    // Long period: no deadline falls due during the run; pings keep the checks up (no flips), the
    // "up stays up" case that dominates real traffic.
    await insertChecks(pool, projectId, CHECKS, {
      periodSec: 86_400,
      graceSec: 3600,
      lastPingAt: new Date(),
      deadlineSql: `$6::timestamptz + interval '1 day'`,
    });
    await pool.query('VACUUM ANALYZE checks');
    console.log(`ping-ingest: ${CHECKS.toLocaleString('en')} checks inserted in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`);
    // Shuffled, so consecutive pings hit unrelated rows and pages as independent clients would.
    const ids = (await pool.query<{ id: string }>('SELECT id FROM checks ORDER BY random()')).rows.map((r) => r.id);
    const pathsFile = path.join(tmp, 'paths.txt');
    fs.writeFileSync(pathsFile, ids.map((id) => `/${id}\n`).join(''));
    const postmaster = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'`);
    const postmasterPid = process.env.TEST_DATABASE_ADMIN_URL && !process.env.BENCH_SYSTEM_SERVERS ? parentPid(postmaster.rows[0]?.pid) : null;
    api = await startService(
      'api',
      {
        DATABASE_URL: db.url,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '12',
      },
      // Started as deployed (docker-compose.yml, scripts/start.sh): with a 64 MB young generation.
      { nodeArgs: (process.env.BENCH_API_NODE_ARGS ?? '--max-semi-space-size=64').split(' ').filter(Boolean) },
    );
    return await fn({ pool, api, postmasterPid, pathsFile });
  } finally {
    await api?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}

/** The parent of a PostgreSQL background process: the postmaster. */
function parentPid(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Warms the api's hot path (V8 compiles it after a few thousand calls) at the target rate. */
async function warmUp(ctx: Ctx, rate: number): Promise<void> {
  await offer(ctx, Math.round(rate / 2), 5);
  await offer(ctx, rate, 5);
}

async function topStatements(ctx: Ctx, pings: number): Promise<void> {
  const { rows } = await ctx.pool.query<{ query: string; calls: string; total_ms: number; rows: string }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, calls::text, total_exec_time AS total_ms, rows::text
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 8`,
  );
  printTable(
    `pg_stat_statements over the measured runs (${pings.toLocaleString('en')} pings)`,
    rows.map((r) => ({ 'exec µs/ping': Math.round((1000 * r.total_ms) / pings), calls: r.calls, rows: r.rows, query: r.query })),
  );
}

export async function run(): Promise<void> {
  const rates = (process.env.BENCH_PING_RATES ?? '10000').split(',').filter(Boolean).map(Number);
  const runs = Number(process.env.BENCH_PING_RUNS ?? 5);
  const durationSec = Number(process.env.BENCH_DURATION_SEC ?? 20);
  await withApi(async (ctx) => {
    await warmUp(ctx, rates[0] ?? 10_000);
    await ctx.pool.query('SELECT pg_stat_statements_reset()').catch(() => undefined);
    const rows: Record<string, string | number>[] = [];
    let measured = 0;
    for (const rate of rates) {
      for (let i = 0; i < runs; i++) {
        const { result, before, after } = await offer(ctx, rate, durationSec);
        measured += result.ok;
        rows.push({ run: i + 1, ...latencyColumns(result), ...(await figures(ctx, before, after, result.ok)) });
      }
    }
    printTable(
      `ping-ingest (open loop): ${CHECKS.toLocaleString('en')} checks, ${durationSec} s per run, one api process (pool ${process.env.BENCH_POOL_SIZE ?? 12})`,
      rows,
    );
    if (process.env.BENCH_PG_STATEMENTS !== '0') await topStatements(ctx, measured);
    if (process.env.BENCH_PING_MAX === '0') return;
    // The highest rate held: from the first rate, step up until a rate is not held, or (when the
    // first rate was not held in every run) step down until one is.
    const steps: Record<string, string | number>[] = [];
    const step = Number(process.env.BENCH_PING_MAX_STEP ?? 1000);
    const firstHeld = rows.slice(0, runs).every((r) => r['unanswered'] === 0 && r['not 2xx'] === 0 && Number(r['p99 ms']) <= HELD_P99_MS);
    const dir = firstHeld ? step : -step;
    for (let rate = (rates[0] ?? 10_000) + dir; rate >= step; rate += dir) {
      const { result, before, after } = await offer(ctx, rate, 10);
      const held = result.ok === result.due && result.p99Ms <= HELD_P99_MS;
      steps.push({ held: held ? 'yes' : 'no', ...latencyColumns(result), ...(await figures(ctx, before, after, result.ok)) });
      if (held !== firstHeld) break;
    }
    printTable(`ping-ingest: highest rate held (every ping answered 2xx, p99 ≤ ${HELD_P99_MS} ms; 10 s per step)`, steps);
  });
}

function withoutStored(row: Record<string, string | number>): Record<string, string | number> {
  const { stored: _s, 'stored>=answered': _c, ...rest } = row;
  return rest;
}

/** The 10-minute flatness run: one row per minute of a long run at a constant rate. */
export async function runSoak(): Promise<void> {
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 5000);
  const minutes = Number(process.env.BENCH_SOAK_MIN ?? 10);
  await withApi(async (ctx) => {
    await warmUp(ctx, rate);
    // Before the first ping and after the last answer: the whole run's stored count. (The
    // minute marks below are read while pings are in flight, seconds behind under overload.)
    const first = await counters(ctx);
    const gen = startOpenLoop({
      host: '127.0.0.1',
      port: ctx.api.port,
      pathsFile: ctx.pathsFile,
      rate,
      durationSec: minutes * 60,
      connections: 256,
      maxConnections: 1024,
      intervalSec: 60,
      drainTimeoutMs: 15_000,
    });
    // Counters at each minute boundary of the generator's clock (it starts sending at once).
    const marks: Counters[] = [await counters(ctx)];
    const t0 = Date.now();
    const sizes: string[] = [];
    for (let m = 1; m <= minutes; m++) {
      await new Promise((r) => setTimeout(r, t0 + m * 60_000 - Date.now()));
      marks.push(await counters(ctx));
      const { rows } = await ctx.pool.query<{ live: string; dead: string; size: string }>(
        `SELECT n_live_tup::text AS live, n_dead_tup::text AS dead, pg_size_pretty(pg_total_relation_size('checks')) AS size FROM pg_stat_user_tables WHERE relname = 'checks'`,
      );
      sizes.push(`${rows[0]?.live}/${rows[0]?.dead}/${rows[0]?.size}`);
    }
    const result = await gen.result;
    const rows: Record<string, string | number>[] = [];
    for (let m = 0; m < minutes; m++) {
      const iv = result.intervals[m];
      const answered = iv?.answered ?? 0;
      rows.push({
        minute: m + 1,
        due: iv?.due ?? 0,
        answered,
        'p50 ms': iv?.p50Ms ?? NaN,
        'p99 ms': iv?.p99Ms ?? NaN,
        'max ms': iv?.maxMs ?? NaN,
        // Stored vs answered is checked over the whole run (minute edges of the two clocks differ).
        ...withoutStored(await figures(ctx, marks[m]!, marks[m + 1]!, answered)),
        'checks live/dead/size': sizes[m] ?? '',
      });
    }
    printTable(`ping-soak: ${minutes} min at ${rate}/s (open loop), ${CHECKS.toLocaleString('en')} checks, one row per minute`, rows);
    const last = await counters(ctx);
    printTable('ping-soak: whole run', [{ ...latencyColumns(result), ...(await figures(ctx, first, last, result.ok)) }]);
  });
}
