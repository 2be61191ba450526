// Deadline lag: from a check's deadline to its timeout flip being committed (visible), with
// 100,000 and 1,000,000 checks, and the time to flip a 100,000-check herd due in the same second.
// Runs the real, built scheduler process(es); rows are inserted with generate_series.
import pg from 'pg';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { percentile, printTable } from './report.js';
import { createBenchDatabase } from './bench-servers.js';
import { backendPids, CpuMeter } from './cpu-usage.js';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_SEC ?? 20) * 1000;
const POLL_MS = 50;
const REREAD_WINDOW = 50_000;
/** application_name of the benchmark's own connections, left out of the CPU figures. */
const BENCH_APP = 'upmon-bench';

/**
 * Watches flips become visible: every POLL_MS reads the new flip rows, stamping each with the
 * time it was first seen (so a lag includes up to POLL_MS of polling granularity).
 */
export class FlipWatcher {
  private maxId = 0;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private readonly ids = new Set<number>();
  readonly seen: { ts: number; visible: number; checkId: string; newStatus: string; locations: string[] }[] = [];
  constructor(private readonly pool: pg.Pool) {}
  start() {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }
  /**
   * Ids are taken at insert and batches commit out of order (parallel batches, two schedulers), so
   * ids up to REREAD_WINDOW below the highest seen that are still missing are read again. Only
   * those gaps, as id ranges: re-reading the whole window every 50 ms cost a third of a core during
   * a herd, on the 2-core machine the scheduler and PostgreSQL are measured on.
   */
  private gaps(): { lo: number[]; hi: number[] } {
    const lo: number[] = [];
    const hi: number[] = [];
    for (let id = Math.max(1, this.maxId - REREAD_WINDOW); id < this.maxId; id++) {
      if (this.ids.has(id)) continue;
      if (hi.length > 0 && hi[hi.length - 1] === id - 1) hi[hi.length - 1] = id;
      else (lo.push(id), hi.push(id));
    }
    return { lo, hi };
  }
  async poll() {
    if (this.busy) return;
    this.busy = true;
    try {
      const { lo, hi } = this.gaps();
      const { rows } = await this.pool.query<{ id: string; ts_ms: number; check_id: string; new_status: string; locations: string[] }>(
        `SELECT id, extract(epoch FROM ts)::float8 * 1000 AS ts_ms, check_id, new_status, locations FROM flips WHERE id > $1
         UNION ALL
         SELECT f.id, extract(epoch FROM f.ts)::float8 * 1000, f.check_id, f.new_status, f.locations FROM unnest($2::bigint[], $3::bigint[]) AS g(lo, hi) JOIN flips f ON f.id BETWEEN g.lo AND g.hi`,
        [this.maxId, lo, hi],
      );
      const now = Date.now();
      for (const r of rows) {
        const id = Number(r.id);
        if (this.ids.has(id)) continue;
        this.ids.add(id);
        this.maxId = Math.max(this.maxId, id);
        this.seen.push({ ts: Math.round(r.ts_ms), visible: now, checkId: r.check_id, newStatus: r.new_status, locations: r.locations });
      }
    } finally {
      this.busy = false;
    }
  }
  async stop() {
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await new Promise((r) => setTimeout(r, 5));
    await this.poll();
  }
}

async function withScenario<T>(fn: (ctx: { pool: pg.Pool; projectId: string; start: (n: number) => Promise<ServiceProcess[]> }) => Promise<T>): Promise<T> {
  const db = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 3, application_name: BENCH_APP });
  const prefix = testRedisPrefix();
  const procs: ServiceProcess[] = [];
  try {
    const projectId = await createBenchProject(pool);
    const start = async (n: number) => {
      for (let i = 0; i < n; i++) {
        procs.push(
          await startService('scheduler', {
            DATABASE_URL: db.url,
            REDIS_URL: process.env.BENCH_SCHED_REDIS ?? testRedisUrl(),
            REDIS_PREFIX: prefix,
            LOG_LEVEL: 'warn',
          }),
        );
      }
      return procs;
    };
    return await fn({ pool, projectId, start });
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}

/** `total` checks whose deadlines are spread uniformly over `spreadMs` starting at `t0`; lag of those due in the window. */
async function steadyLag(total: number, spreadMs: number, schedulers: number): Promise<Record<string, string | number>> {
  return withScenario(async ({ pool, projectId, start }) => {
    // Deadlines start after the insert is done (about 0.1 ms per row here, more under load).
    const t0 = new Date(Date.now() + 10_000 + total * 0.12);
    const setupStart = Date.now();
    await insertChecks(pool, projectId, total, {
      periodSec: 86_400,
      graceSec: 86_400,
      deadlineSql: `$7::timestamptz + random() * $8::float8 * interval '1 ms'`,
      params: [t0.toISOString(), spreadMs],
    });
    const setupSec = (Date.now() - setupStart) / 1000;
    if (Date.now() > t0.getTime() - 3000) throw new Error('setup took longer than planned; deadlines already passed');
    await start(schedulers);
    const watcher = new FlipWatcher(pool);
    watcher.start();
    await new Promise((r) => setTimeout(r, t0.getTime() + WINDOW_MS + 2000 - Date.now()));
    await watcher.stop();
    const inWindow = watcher.seen.filter((f) => f.ts >= t0.getTime() && f.ts < t0.getTime() + WINDOW_MS);
    const lags = inWindow.map((f) => f.visible - f.ts);
    const expected = Number(
      (await pool.query(`SELECT count(*) AS n FROM flips WHERE ts >= $1 AND ts < $2`, [t0, new Date(t0.getTime() + WINDOW_MS)])).rows[0].n,
    );
    return {
      scenario: `${total.toLocaleString('en')} checks, deadlines over ${spreadMs / 60000} min`,
      schedulers,
      'flips in window': inWindow.length,
      'flips/s': Math.round(inWindow.length / (WINDOW_MS / 1000)),
      'lag p50 ms': percentile(lags, 50),
      'lag p99 ms': percentile(lags, 99),
      'lag max ms': Math.max(...lags),
      'all seen': expected === inWindow.length ? 'yes' : `NO (${expected})`,
      'setup s': setupSec,
    };
  });
}

/** `n` checks all due in the same second: time from that second to the last flip committed. */
async function herd(n: number, schedulers: number): Promise<Record<string, string | number>> {
  return withScenario(async ({ pool, projectId, start }) => {
    const t0 = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
    await insertChecks(pool, projectId, n, {
      periodSec: 86_400,
      graceSec: 86_400,
      deadlineSql: `$7::timestamptz + random() * interval '999 ms'`,
      params: [t0.toISOString()],
    });
    const procs = await start(schedulers);
    const servicePids = () => procs.map((p) => p.child.pid ?? 0);
    const cpu = new CpuMeter();
    await new Promise((r) => setTimeout(r, t0.getTime() - Date.now()));
    cpu.start([...servicePids(), ...(await backendPids(pool, BENCH_APP))]);
    const watcher = new FlipWatcher(pool);
    watcher.start();
    const deadline = Date.now() + 60_000;
    while (watcher.seen.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const used = { processMs: cpu.spent(servicePids()), databaseMs: cpu.spent(await backendPids(pool, BENCH_APP)) };
    await watcher.stop();
    const lastVisible = Math.max(...watcher.seen.map((f) => f.visible));
    const stored = (await pool.query<{ flips: number; checks: number }>('SELECT count(*)::int AS flips, count(DISTINCT check_id)::int AS checks FROM flips'))
      .rows[0]!;
    const lags = watcher.seen.map((f) => f.visible - f.ts);
    return {
      scenario: `herd: ${n.toLocaleString('en')} checks due in the same second`,
      schedulers,
      flips: watcher.seen.length,
      'flips stored / checks': `${stored.flips} / ${stored.checks}`,
      'all flipped after (s)': (lastVisible - t0.getTime()) / 1000,
      'lag p50 ms': percentile(lags, 50),
      'lag p99 ms': percentile(lags, 99),
      'flips/s': Math.round(n / Math.max(0.001, (lastVisible - t0.getTime()) / 1000)),
      // Until the last flip was seen; the scheduler's publishing mostly follows (held during a herd).
      'cpu ms/1k flips: scheduler': Math.round((used.processMs * 1000) / n),
      postgres: Math.round((used.databaseMs * 1000) / n),
    };
  });
}

export async function run(): Promise<void> {
  const sizes = (process.env.BENCH_DEADLINE_SIZES ?? '100000,1000000').split(',').filter(Boolean).map(Number);
  const rows: Record<string, string | number>[] = [];
  for (const total of sizes) {
    // A realistic mix: every check's deadline once an hour (1M checks -> ~280 flips/s), 10 min for 100k.
    rows.push(await steadyLag(total, total >= 1_000_000 ? 3_600_000 : 600_000, 1));
  }
  if (rows.length) printTable('deadline-lag: deadline -> timeout flip committed (approximate: shared 2-core machine; +<=50 ms polling)', rows);
  // BENCH_DEADLINE_HERD=1 runs only the one-scheduler herd (with BENCH_DEADLINE_SIZES= to skip the rest).
  const herds = [];
  for (const n of (process.env.BENCH_DEADLINE_HERD ?? '1,2').split(',').filter(Boolean).map(Number)) herds.push(await herd(100_000, n));
  printTable('deadline-lag: 100,000-check herd', herds);
}
