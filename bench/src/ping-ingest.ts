// Ping ingest: sustained pings/s and latency at 64 and 256 concurrent clients over 10,000 checks,
// against the real, built api process. Every answered ping must be in PostgreSQL afterwards.
import autocannon from 'autocannon';
import pg from 'pg';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { printTable } from './report.js';
import { createMigratedDatabase } from '@upmon/testing';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';
import { backendPids, CpuMeter, processTree } from './cpu-usage.js';

const CHECKS = 10_000;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 10);
const CLIENTS = [64, 256];

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2, application_name: 'bench' });
  const prefix = testRedisPrefix();
  try {
    const projectId = await createBenchProject(pool);
    // Long period: no deadline falls due during the run; pings keep the checks up (no flips).
    await insertChecks(pool, projectId, CHECKS, {
      periodSec: 86_400,
      graceSec: 3600,
      lastPingAt: new Date(),
      deadlineSql: `$6::timestamptz + interval '1 day'`,
    });
    const ids = (await pool.query<{ id: string }>('SELECT id FROM checks')).rows.map((r) => r.id);
    const api = await startService('api', {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '12',
    });
    const rows: Record<string, string | number>[] = [];
    try {
      for (const connections of CLIENTS) {
        const before = Number((await pool.query('SELECT count(*) AS n FROM pings')).rows[0].n);
        let i = 0;
        const meter = new CpuMeter();
        meter.start([...processTree(api.child.pid as number), ...(await backendPids(pool, db.name, 'bench'))]);
        const genStart = process.cpuUsage();
        const result = await autocannon({
          url: api.url,
          connections,
          duration: DURATION_SEC,
          requests: [
            {
              setupRequest: (req: any) => {
                req.path = `/${ids[i++ % ids.length]}`;
                return req;
              },
            },
          ],
        });
        const gen = process.cpuUsage(genStart);
        const genMs = (gen.user + gen.system) / 1000;
        const apiMs = meter.spent(processTree(api.child.pid as number));
        const pgMs = meter.spent(await backendPids(pool, db.name, 'bench'));
        const machine = meter.machineSince();
        const pct = (ms: number) => `${Math.round((100 * ms) / machine.total)}%`;
        const stored = Number((await pool.query('SELECT count(*) AS n FROM pings')).rows[0].n) - before;
        rows.push({
          clients: connections,
          'pings/s': Math.round(result.requests.average),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'max ms': result.latency.max,
          answered_2xx: result['2xx'],
          errors: result.non2xx + result.errors + result.timeouts,
          stored,
          'stored>=answered': stored >= result['2xx'] ? 'yes' : 'NO',
          // Shares of the machine's CPU capacity (all cores) during the run.
          'gen cpu': pct(genMs),
          'api cpu': pct(apiMs),
          'pg cpu': pct(pgMs),
          'busy': pct(machine.busy),
          'api µs/ping': Math.round((1000 * apiMs) / Math.max(1, result['2xx'])),
          'pg µs/ping': Math.round((1000 * pgMs) / Math.max(1, result['2xx'])),
        });
      }
    } finally {
      await api.stop();
    }
    printTable(`ping-ingest: ${CHECKS} checks, ${DURATION_SEC} s per run, one api process (approximate: shared 2-core machine)`, rows);
  } finally {
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
