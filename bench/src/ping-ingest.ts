// Ping ingest: sustained pings/s and latency at 64 and 256 concurrent clients over 10,000 checks,
// against the real, built api process. Every answered ping must be in PostgreSQL afterwards.
// Load from wrk (needs the Debian package): autocannon cost as much CPU per request as the api.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { printTable } from './report.js';
import { createMigratedDatabase } from '@upmon/testing';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';
import { backendPids, CpuMeter, processTree } from './cpu-usage.js';
import { requireWrk, runWrk } from './wrk.js';

const CHECKS = 10_000;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 10);
const CLIENTS = [64, 256];

export async function run(): Promise<void> {
  requireWrk();
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
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ping-ingest-'));
    const pathsFile = path.join(tmp, 'paths.txt');
    fs.writeFileSync(pathsFile, ids.map((id) => `/${id}\n`).join(''));
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
        const meter = new CpuMeter();
        meter.start([...processTree(api.child.pid as number), ...(await backendPids(pool, 'bench'))]);
        const result = await runWrk({ url: api.url, pathsFile, connections, threads: 2, durationSec: DURATION_SEC });
        const apiMs = meter.spent(processTree(api.child.pid as number));
        const pgMs = meter.spent(await backendPids(pool, 'bench'));
        const machine = meter.machineSince();
        const pct = (ms: number) => `${Math.round((100 * ms) / machine.total)}%`;
        const answered = result.requests - result.status;
        const stored = Number((await pool.query('SELECT count(*) AS n FROM pings')).rows[0].n) - before;
        rows.push({
          clients: connections,
          'pings/s': Math.round(result.requests / result.durationSec),
          'p50 ms': result.p50Ms,
          'p99 ms': result.p99Ms,
          'max ms': result.maxMs,
          answered_2xx: answered,
          errors: result.status + result.socketErrors,
          stored,
          'stored>=answered': stored >= answered ? 'yes' : 'NO',
          // Shares of the machine's CPU capacity (all cores) during the run.
          'gen cpu': pct(result.cpuMs),
          'api cpu': pct(apiMs),
          'pg cpu': pct(pgMs),
          busy: pct(machine.busy),
          'gen µs/ping': Math.round((1000 * result.cpuMs) / Math.max(1, result.requests)),
          'api µs/ping': Math.round((1000 * apiMs) / Math.max(1, answered)),
          'pg µs/ping': Math.round((1000 * pgMs) / Math.max(1, answered)),
        });
      }
    } finally {
      await api.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    printTable(`ping-ingest: ${CHECKS} checks, ${DURATION_SEC} s per run, one api process, load from wrk (approximate: shared 2-core machine)`, rows);
  } finally {
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
