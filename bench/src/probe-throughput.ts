// Probe throughput and scheduling lag (issue 5): 10,000 http checks against a local HTTP server,
// through the real built services (scheduler → `probes` queue → prober → PostgreSQL).
//
//   cold burst: the services have just started; PROBE_BENCH_WARMUP (default as many as CHECKS)
//           new checks are all due at once. Reported, not the goal: V8 runs the probe path
//           unoptimised for its first ~2,000 calls per process (about twice the CPU per probe), a
//           cost a long-running prober pays once. The warm-up checks are then deleted.
//   burst:  the same services, now warm: CHECKS more new checks (next_probe_at null, so each
//           one's first probe also flips it new → up, the costliest case) are all due at once;
//           probes/s is measured at the target server (requests/s) and in the database (results
//           committed/s).
//   steady: afterwards every check probes once per PERIOD on its own spread phase; the lag of a
//           probe is its arrival at the target minus its schedule slot (slot + spread, from core).
//
// Fresh connections only (the prober never keeps connections alive). Env knobs:
// PROBE_BENCH_CHECKS (10000), PROBE_BENCH_WARMUP (= CHECKS; 0 = measure the cold burst itself), PROBE_BENCH_PERIOD_SEC (60: the shortest period the API accepts), PROBE_BENCH_STEADY_SEC (30),
// PROBE_BENCH_CONCURRENCY (100: per prober process), PROBE_BENCH_PROBERS (2: prober processes, the deployment that meets the goal on 2 cores),
// PROBE_BENCH_POOL (20), PROBE_BENCH_CPU_PROF (a directory: the services write V8 CPU profiles there),
// PROBE_BENCH_PROBER_NODE_ARGS (the prober's node flags; default as deployed, see PROBER_NODE_ARGS).
//
// CPU per probe during the burst is read from /proc for each process group (the prober(s), the
// scheduler, this process = the target server + the harness, this database's PostgreSQL backends,
// Redis), so the figures say where the machine's time went even when other work shares it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeSpreadMs } from '@upmon/core';
import { createPgPool } from '@upmon/db';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { createMigratedDatabase } from '@upmon/testing';
import { CpuGroupsMeter, pidsMatching } from './cpu-usage.js';
import { percentile, printTable } from './report.js';

const env = (name: string, dflt: number) => Number(process.env[name] ?? dflt);

/** The prober's node flags in docker-compose.yml and scripts/start.sh (docs/probe-checks.md, Throughput). */
const PROBER_NODE_ARGS = '--max-semi-space-size=64';

export async function run(): Promise<void> {
  const checks = env('PROBE_BENCH_CHECKS', 10_000);
  const warmupChecks = env('PROBE_BENCH_WARMUP', checks);
  const periodSec = env('PROBE_BENCH_PERIOD_SEC', 60);
  const steadySec = env('PROBE_BENCH_STEADY_SEC', 30);
  const concurrency = env('PROBE_BENCH_CONCURRENCY', 100);
  const poolSize = env('PROBE_BENCH_POOL', 20);
  const proberCount = env('PROBE_BENCH_PROBERS', 2);
  const cpuProfDir = process.env.PROBE_BENCH_CPU_PROF;
  const proberNodeArgs = (process.env.PROBE_BENCH_PROBER_NODE_ARGS ?? PROBER_NODE_ARGS).split(' ').filter(Boolean);

  const db = await createMigratedDatabase();
  const prefix = testRedisPrefix();
  const pool = createPgPool(db.url, 4);
  // Arrivals at the target per burst: /w/<id> the warm-up (cold) burst, /p/<id> the measured checks.
  const arrivals = { w: [] as { id: string; at: number }[], p: [] as { id: string; at: number }[] };
  const target = http.createServer((req, res) => {
    const url = req.url ?? '';
    (url.startsWith('/w/') ? arrivals.w : arrivals.p).push({ id: url.slice(3), at: Date.now() });
    res.setHeader('connection', 'close');
    res.end('ok');
  });
  target.maxConnections = 10_000;
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const port = (target.address() as AddressInfo).port;
  const services: ServiceProcess[] = [];
  // One cleanup promise, shared by the signal handler and the finally block (whichever comes first).
  let cleaning: Promise<void> | null = null;
  const starting: Promise<unknown>[] = [];
  const start = (name: 'prober' | 'scheduler', serviceEnv: Record<string, string>) => {
    if (cleaning) return Promise.reject(new Error('interrupted'));
    const nodeArgs = [...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), ...(name === 'prober' ? proberNodeArgs : [])];
    const p = startService(name, serviceEnv, { nodeArgs }).then((s) => {
      services.push(s);
      return s;
    });
    starting.push(p);
    return p;
  };
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.allSettled(starting);
      for (const s of services.reverse()) await s.stop();
      await new Promise((r) => target.close(r));
      await pool.end();
      await db.drop();
      await dropRedisPrefix(prefix);
    })());
  // Ctrl-C mid-run still stops the services and drops the database and the Redis keys.
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { rows: projects } = await pool.query<{ id: string }>(
      `WITH a AS (INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id)
       INSERT INTO projects (id, account_id, name, ping_key) SELECT gen_random_uuid(), a.id, 'bench', md5(random()::text) FROM a RETURNING id`,
    );
    const projectId = projects[0]?.id;
    /** `n` new http checks probing `/<path>/<check id>` on the target: due at once, as created. */
    const insertChecks = async (n: number, path: 'w' | 'p') =>
      (
        await pool.query<{ id: string }>(
          `INSERT INTO checks (id, project_id, kind, name, schedule_kind, period_sec, grace_sec, http_config, updated_at)
           SELECT g.id, $1, 'http', 'probe ' || g.n, 'period', $2, 60, jsonb_build_object('url', 'http://127.0.0.1:' || $3::text || '/' || $4 || '/' || g.id::text), now()
           FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $5) AS n) g
           RETURNING id`,
          [projectId, periodSec, port, path, n],
        )
      ).rows.map((r) => r.id);
    /**
     * Waits for the first result of each of `n` checks whose probes arrive in `seen`: the database
     * is asked only once the target has seen every check (the count, 2-7 ms at 10,000 pings, is the
     * harness's load, not the pipeline's). Returns when the last result was committed.
     */
    const burstDone = async (seen: { id: string }[], n: number, ids: string[]) => {
      const from = Date.now();
      const probed = new Set<string>();
      let scanned = 0;
      for (;;) {
        if (Date.now() - from > 300_000) throw new Error(`burst did not finish: ${probed.size} of ${n} checks probed`);
        for (; scanned < seen.length; scanned++) probed.add((seen[scanned] as { id: string }).id);
        if (probed.size >= n) {
          const { rows: c } = await pool.query<{ n: string }>('SELECT count(DISTINCT check_id) AS n FROM pings WHERE check_id = ANY($1::uuid[])', [ids]);
          if (Number(c[0]?.n) >= n) return Date.now();
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    /**
     * Requests per second at the target over a burst: its first `n` requests, first to last. A few
     * may already be second probes (a new check's first slot can follow its immediate probe within
     * seconds); they are probes performed all the same.
     */
    const burstRate = (seen: { at: number }[], n: number) => {
      const firsts = seen.slice(0, n).map((a) => a.at);
      return Math.round(n / Math.max((Math.max(...firsts) - Math.min(...firsts)) / 1000, 0.001));
    };

    const common = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: String(poolSize),
    };
    const probers = await Promise.all(
      Array.from({ length: proberCount }, () => start('prober', { ...common, OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', PROBER_CONCURRENCY: String(concurrency) })),
    );
    const scheduler = await start('scheduler', { ...common, SCHEDULER_BATCH_SIZE: '1000', DATABASE_POOL_SIZE: '5' });
    const pidOf = (s: ServiceProcess) => (s.child.pid ? [s.child.pid] : []);

    // Cold burst: the processes have never run a probe. Its checks are deleted afterwards, so the
    // measured burst and the steady phase see only their own.
    let coldRate: number | null = null;
    if (warmupChecks > 0) {
      const warmIds = await insertChecks(warmupChecks, 'w');
      await burstDone(arrivals.w, warmupChecks, warmIds);
      coldRate = burstRate(arrivals.w, warmupChecks);
      // In id order, as the services lock checks (the prober is still writing some of them): an
      // unordered DELETE deadlocked with it in 4 of 10 runs.
      await pool.query(`DELETE FROM checks WHERE id IN (SELECT id FROM checks WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE)`, [warmIds]);
    }

    const cpu = new CpuGroupsMeter({
      prober: () => probers.flatMap(pidOf),
      scheduler: () => pidOf(scheduler),
      'bench (target server + harness)': () => [process.pid],
      'postgres (this database)': () => pidsMatching(new RegExp(`^postgres: .* ${db.name} `)),
      'redis (shared)': () => pidsMatching(/^redis-server /),
    });
    cpu.start();
    const startedAt = Date.now();
    const ids = await insertChecks(checks, 'p');
    const spread = new Map(ids.map((id) => [id, probeSpreadMs(id, periodSec * 1000)]));
    const lastResultAt = await burstDone(arrivals.p, checks, ids);
    const burstCpu = cpu.stop();
    // How long the HTTP part of the burst's probes took (pings.duration_ms): the rest of a probe's
    // time in the prober is the queue, the check read and the group commit.
    const { rows: durations } = await pool.query<{ p50: number; p99: number }>(
      'SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50, percentile_disc(0.99) WITHIN GROUP (ORDER BY duration_ms) AS p99 FROM pings',
    );
    const firstArrivalAt = Math.min(...arrivals.p.slice(0, checks).map((a) => a.at));
    const burstSec = (lastResultAt - startedAt) / 1000;

    // Steady state: let one period pass (the burst's tail), then measure.
    await new Promise((r) => setTimeout(r, periodSec * 1000));
    const steadyFrom = Date.now();
    const pingsBefore = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM pings')).rows[0]?.n);
    await new Promise((r) => setTimeout(r, steadySec * 1000));
    const steadyTo = Date.now();
    const pingsAfter = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM pings')).rows[0]?.n);
    const periodMs = periodSec * 1000;
    const lags = arrivals.p
      .filter((a) => a.at >= steadyFrom && a.at < steadyTo)
      .map((a) => (((a.at - (spread.get(a.id) ?? 0)) % periodMs) + periodMs) % periodMs);
    const failed = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM pings WHERE type <> 'success'")).rows[0]?.n);

    printTable(
      `probe-throughput (${checks} http checks, fresh connections, ${proberCount} prober process(es) × concurrency ${concurrency}, prober node flags "${proberNodeArgs.join(' ')}"; approximate: shared 2-core machine)`,
      [
        ...(coldRate === null
          ? []
          : [{ phase: 'cold burst', metric: `probes/s at target (${warmupChecks} new checks, processes just started)`, value: coldRate, goal: '' }]),
        {
          phase: 'burst',
          metric: `probes/s at target (${checks} new checks${coldRate === null ? ', processes just started' : ''})`,
          value: burstRate(arrivals.p, checks),
          goal: '>= 1500',
        },
        {
          phase: 'burst',
          metric: 'results committed/s (first probe → last result)',
          value: Math.round(checks / Math.max((lastResultAt - firstArrivalAt) / 1000, 0.001)),
          goal: '',
        },
        { phase: 'burst', metric: 'probe HTTP duration p50 ms', value: Number(durations[0]?.p50), goal: '' },
        { phase: 'burst', metric: 'probe HTTP duration p99 ms', value: Number(durations[0]?.p99), goal: '' },
        { phase: 'steady', metric: `offered load (1 probe / ${periodSec} s / check)`, value: Math.round(checks / periodSec), goal: '' },
        { phase: 'steady', metric: 'results committed/s', value: Math.round((pingsAfter - pingsBefore) / ((steadyTo - steadyFrom) / 1000)), goal: '' },
        { phase: 'steady', metric: 'scheduling lag p50 ms', value: percentile(lags, 50), goal: '' },
        { phase: 'steady', metric: 'scheduling lag p99 ms', value: percentile(lags, 99), goal: '<= 1000' },
        { phase: 'steady', metric: 'scheduling lag max ms', value: percentile(lags, 100), goal: '' },
        { phase: 'all', metric: 'failed probes', value: failed, goal: '0' },
      ],
    );
    printTable(
      `CPU during the burst (checks inserted → last result, ${burstSec.toFixed(1)} s; from /proc)`,
      Object.entries(burstCpu).map(([group, ms]) => ({
        process: group,
        'cpu ms': ms,
        'cpu ms / probe': Number((ms / checks).toFixed(3)),
        'cores busy': Number((ms / 1000 / burstSec).toFixed(2)),
      })),
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}
