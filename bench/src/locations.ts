// Probing from three locations (issue 27): 10,000 http checks × 3 locations every 60 s, through
// the real built services: one scheduler (PUBLIC_LOCATIONS=a,b,c) and one prober per location
// (PROBER_LOCATION=a, b, c), against a local HTTP target in a process of its own
// (bench/src/locations-target.ts). Goals: probe lag p99 ≤ 1 s; from the last location's result to
// the flip p99 ≤ 1 s.
//
// The checks are inserted already on their phase (next_probe_at = their first slot, as core's
// nextProbeAt would place it: no burst), confirmations 1, no locations of their own (so all three
// public ones) and the default quorum (a majority: 2 of 3). After one warm-up period, BENCH_RUNS
// runs of one period each on the same services: at the start of run k the target makes group k
// (LOC_BENCH_FAIL checks) fail and group k-1 answer again. In a period every location probes every
// check once, so each check of group k goes down when the second location's failure is recorded,
// and group k-1's come back up on the second success. Per run:
//   probe lag: a probe's arrival at the target minus its slot (slot + spread), every probe in the run;
//   result → flip: a flip becomes visible (committed; polled every 50 ms, FlipWatcher) minus its ts,
//     which is the deciding result's time (ProbeResultStore passes `report.at` of the result that
//     made the quorum to the transition): the down and up flips of groups k and k-1 that the run
//     decided;
//   CPU per probe of each process (from /proc) over the probes the run recorded.
// Each run's figures are printed, then their medians and spread (min–max).
//
// Env knobs: LOC_BENCH_CHECKS (10000), LOC_BENCH_FAIL (200: checks per failing group),
// LOC_BENCH_PERIOD_SEC (60), BENCH_RUNS (5), LOC_BENCH_CONCURRENCY (100: per prober),
// LOC_BENCH_POOL (20: each prober's PostgreSQL pool). Full size takes about (BENCH_RUNS + 2)
// periods: 7 minutes.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { probeSpreadMs } from '@upmon/core';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { createBenchDatabase } from './bench-servers.js';
import { CpuGroupsMeter, pidsMatching } from './cpu-usage.js';
import { FlipWatcher } from './deadline-lag.js';
import { createBenchProject } from './ping-ingest-setup.js';
import { percentile, printTable } from './report.js';

const env = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const LOCATIONS = ['a', 'b', 'c'];
/** The prober's node flags as deployed (docs/probe-checks.md, Throughput). */
const PROBER_NODE_ARGS = ['--max-semi-space-size=64'];
/** Four services starting at once on a loaded 2-core machine took over startService's default 20 s. */
const READY_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

interface Target {
  port: number;
  pid: number;
  setFailing(groups: number[]): Promise<void>;
  lags(from: number, to: number): Promise<number[]>;
  stop(): void;
}

async function startTarget(periodSec: number): Promise<Target> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locations-target.js');
  const child = spawn(process.execPath, [script, String(periodSec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`locations target exited (${code})`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  const get = async (p: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { method: p.startsWith('/_fail') ? 'POST' : 'GET' });
    if (!res.ok) throw new Error(`locations target ${p}: ${res.status}`);
    return res;
  };
  return {
    port,
    pid: child.pid as number,
    setFailing: async (groups) => void (await get(`/_fail?groups=${groups.join(',')}`)),
    lags: async (from, to) => (await (await get(`/_lags?from=${from}&to=${to}`)).json()) as number[],
    stop: () => child.kill('SIGTERM'),
  };
}

interface RunFigures {
  probes: number;
  lags: number[];
  flipLags: number[];
  flipsExpected: number;
  /** Flips seen before the run started (FlipWatcher.seen index). */
  since: number;
  cpuMs: Record<string, number>;
  load1: number;
}

export async function run(): Promise<void> {
  const checks = env('LOC_BENCH_CHECKS', 10_000);
  const failPerRun = env('LOC_BENCH_FAIL', 200);
  const periodSec = env('LOC_BENCH_PERIOD_SEC', 60);
  const runs = env('BENCH_RUNS', 5);
  const concurrency = env('LOC_BENCH_CONCURRENCY', 100);
  const poolSize = env('LOC_BENCH_POOL', 20);
  const periodMs = periodSec * 1000;
  if (failPerRun * runs > checks) throw new Error(`LOC_BENCH_FAIL × BENCH_RUNS (${failPerRun * runs}) exceeds LOC_BENCH_CHECKS (${checks})`);

  const db = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 3, application_name: 'upmon-bench' });
  const prefix = testRedisPrefix();
  const redisUrl = testRedisUrl();
  const target = await startTarget(periodSec);
  const services: ServiceProcess[] = [];
  try {
    const common = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      PUBLIC_LOCATIONS: LOCATIONS.join(','),
    };
    // All four at once (one by one took a minute at load 20), before the checks exist.
    const started = Promise.allSettled([
      ...LOCATIONS.map((location) =>
        startService(
          'prober',
          {
            ...common,
            PROBER_LOCATION: location,
            OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
            PROBER_CONCURRENCY: String(concurrency),
            DATABASE_POOL_SIZE: String(poolSize),
          },
          { nodeArgs: PROBER_NODE_ARGS, readyTimeoutMs: READY_TIMEOUT_MS },
        ),
      ),
      startService('scheduler', { ...common, DATABASE_POOL_SIZE: '5' }, { readyTimeoutMs: READY_TIMEOUT_MS }),
    ]);
    const outcomes = await started;
    for (const o of outcomes) if (o.status === 'fulfilled') services.push(o.value);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    const probers = new Map(LOCATIONS.map((location, i) => [location, services[i] as ServiceProcess]));
    const scheduler = services[LOCATIONS.length] as ServiceProcess;
    const projectId = await createBenchProject(pool);
    // Group 0 never fails; groups 1..runs fail in their run.
    const ids = Array.from({ length: checks }, (): string => randomUUID());
    const groupOf = new Map(ids.map((id, i) => [id, i < failPerRun * runs ? Math.floor(i / failPerRun) + 1 : 0]));
    const firstSlotAfter = Date.now() + 10_000;
    const firstSlot = (id: string) => {
      const spread = probeSpreadMs(id, periodMs);
      return new Date((Math.floor((firstSlotAfter - spread) / periodMs) + 1) * periodMs + spread).toISOString();
    };
    await pool.query(
      `INSERT INTO checks (id, project_id, kind, name, schedule_kind, period_sec, grace_sec, http_config, next_probe_at, updated_at)
       SELECT t.id, $1, 'http', 'probe ' || t.id, 'period', $2, 60,
              jsonb_build_object('url', 'http://127.0.0.1:' || $3::text || '/g' || t.grp || '/' || t.id::text, 'confirmations', 1), t.due, now()
         FROM unnest($4::uuid[], $5::int[], $6::timestamptz[]) AS t(id, grp, due)`,
      [projectId, periodSec, target.port, ids, ids.map((id) => groupOf.get(id)), ids.map(firstSlot)],
    );
    await pool.query('ANALYZE checks');

    const pidOf = (s: ServiceProcess) => (s.child.pid ? [s.child.pid] : []);
    const redisPort = new URL(redisUrl).port;
    const cpu = () =>
      new CpuGroupsMeter({
        ...Object.fromEntries([...probers].map(([location, s]) => [`prober ${location}`, () => pidOf(s)])),
        scheduler: () => pidOf(scheduler),
        'target (own process)': () => [target.pid],
        'bench harness': () => [process.pid],
        'postgres (this database)': () => pidsMatching(new RegExp(`^postgres: .* ${db.name} `)),
        redis: () => pidsMatching(new RegExp(`^redis-server .*:${redisPort}\\b`)),
      });
    const watcher = new FlipWatcher(pool);
    watcher.start();
    const countPings = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM pings')).rows[0]?.n);

    // Warm-up: every check's first probe from every location (new → up), processes warmed.
    const warmEnd = firstSlotAfter + periodMs + 2000;
    console.log(`locations: ${checks} checks × ${LOCATIONS.length} locations every ${periodSec} s; warm-up until ${new Date(warmEnd).toISOString()}`);
    await sleep(warmEnd - Date.now());
    const upAfterWarmUp = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM checks WHERE status = 'up'")).rows[0]?.n);

    const figures: RunFigures[] = [];
    for (let k = 1; k <= runs; k++) {
      const meter = cpu();
      const pingsBefore = await countPings();
      meter.start();
      const from = Date.now();
      await target.setFailing([k]);
      const flipsBefore = watcher.seen.length;
      await sleep(from + periodMs - Date.now());
      const to = Date.now();
      const cpuMs = meter.stop();
      const probes = (await countPings()) - pingsBefore;
      // Flips of this run's groups: k down, k-1 up. Those whose deciding result straddled the run's
      // start land in the next period, so flips are gathered until a run later (or the tail).
      figures.push({
        probes,
        lags: await target.lags(from, to),
        flipLags: [],
        flipsExpected: failPerRun * (k > 1 ? 2 : 1),
        since: flipsBefore,
        cpuMs,
        load1: os.loadavg()[0] as number,
      });
    }
    await target.setFailing([]);
    await sleep(5000);
    await watcher.stop();
    // Each run's flips: its groups' down/up flips seen since the run started, also those whose
    // deciding result straddled the run's end and came a period later (a check flips once per run).
    figures.forEach((f, i) => {
      const k = i + 1;
      const seen = new Set<string>();
      for (const flip of watcher.seen.slice(f.since)) {
        const g = groupOf.get(flip.checkId);
        const decided = (g === k && flip.newStatus === 'down') || (k > 1 && g === k - 1 && flip.newStatus === 'up');
        if (!decided || seen.has(`${flip.checkId}:${flip.newStatus}`)) continue;
        seen.add(`${flip.checkId}:${flip.newStatus}`);
        f.flipLags.push(flip.visible - flip.ts);
      }
    });

    const perRun = figures.map((f, i) => ({
      run: i + 1,
      'probes recorded': f.probes,
      'probe lag p50 ms': percentile(f.lags, 50),
      'probe lag p99 ms': percentile(f.lags, 99),
      'probe lag max ms': percentile(f.lags, 100),
      'flips / expected': `${f.flipLags.length} / ${f.flipsExpected}`,
      'result→flip p50 ms': percentile(f.flipLags, 50),
      'result→flip p99 ms': percentile(f.flipLags, 99),
      'load 1 min': Number(f.load1.toFixed(1)),
    }));
    printTable(
      `locations (${checks} http checks × ${LOCATIONS.length} locations every ${periodSec} s, quorum 2 of 3, confirmations 1, ${failPerRun} checks fail per run; ${upAfterWarmUp} up after warm-up)`,
      perRun,
    );
    const spreadOf = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), spread: `${sorted[0]}–${sorted[sorted.length - 1]}` };
    };
    const summary = (metric: string, xs: number[], goal: string) => ({
      metric,
      ...spreadOf(xs),
      goal,
      met: goal ? (eval_(goal, percentile(xs, 50)) ? 'yes' : 'NO') : '',
    });
    printTable(`locations: medians of ${runs} runs (spread min–max)`, [
      summary(
        'probe lag p50 ms',
        perRun.map((r) => r['probe lag p50 ms']),
        '',
      ),
      summary(
        'probe lag p99 ms',
        perRun.map((r) => r['probe lag p99 ms']),
        '<= 1000',
      ),
      summary(
        'result→flip p50 ms',
        perRun.map((r) => r['result→flip p50 ms']),
        '',
      ),
      summary(
        'result→flip p99 ms',
        perRun.map((r) => r['result→flip p99 ms']),
        '<= 1000',
      ),
      summary(
        'probes recorded per run',
        perRun.map((r) => r['probes recorded']),
        `>= ${Math.floor(checks * LOCATIONS.length * 0.99)}`,
      ),
      summary(
        'load average (1 min)',
        perRun.map((r) => r['load 1 min']),
        '',
      ),
    ]);
    printTable(
      `locations: CPU per probe recorded, medians of ${runs} runs (spread; from /proc)`,
      Object.keys(figures[0]?.cpuMs ?? {}).map((group) => {
        const perProbe = figures.map((f) => Number(((f.cpuMs[group] ?? 0) / Math.max(1, f.probes)).toFixed(3)));
        const cores = figures.map((f) => Number(((f.cpuMs[group] ?? 0) / periodMs).toFixed(2)));
        return { process: group, 'cpu ms / probe': spreadOf(perProbe).median, spread: spreadOf(perProbe).spread, 'cores busy': spreadOf(cores).median };
      }),
    );
  } finally {
    for (const s of services.reverse()) await s.stop();
    target.stop();
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}

/** Whether `value` meets a goal written `<= n` or `>= n`. */
function eval_(goal: string, value: number): boolean {
  const [op, n] = goal.split(' ');
  return op === '<=' ? value <= Number(n) : value >= Number(n);
}
