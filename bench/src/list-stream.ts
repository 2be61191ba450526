// A large list against the real, built api process (issue 45): a project of 100,000 checks,
// `GET /api/v1/checks` streamed whole, while pings to the same api are offered at a constant rate
// by the open-loop generator (its own process). Each run has two phases of the same length:
// pings alone, then pings with full lists requested back to back. Per run: a list's time, size
// and rate, the api's event-loop delay (p99 and max, read from its /metrics, which prom-client
// resets at every scrape) in each phase, and the pings' p50/p99 in each phase side by side; then
// one list alone: its time, the api's CPU for it and the event-loop delay meanwhile.
// Goals: the list's time proportional to its size, event-loop delay p99 ≤ 20 ms during it, and
// the pings' p99 kept. `pnpm bench list-stream`; BENCH_LIST_RUNS (5), BENCH_LIST_CHECKS (100,000),
// BENCH_LIST_PING_RATE (1,000/s), BENCH_LIST_PHASE_SEC (20).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateApiKey } from '@upmon/crypto';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, type ServiceProcess } from '@upmon/testing';
import { createBenchDatabase } from './bench-servers.js';
import { startOpenLoop, type OpenLoopResult } from './open-loop.js';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';
import { cpuSeconds } from './cpu-usage.js';
import { percentile, printTable } from './report.js';

const CHECKS = Number(process.env.BENCH_LIST_CHECKS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 5);
const PING_RATE = Number(process.env.BENCH_LIST_PING_RATE ?? 1000);
const PHASE_SEC = Number(process.env.BENCH_LIST_PHASE_SEC ?? 20);
/** Checks pinged (a rotation over their ping URLs). */
const PINGED = 10_000;

interface World {
  api: ServiceProcess;
  key: string;
  pathsFile: string;
}

/** The api's event-loop delay since the previous scrape, ms (prom-client resets its histogram at each scrape). */
async function loopDelay(api: ServiceProcess): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(api.metricsUrl)).text();
  const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
}

/** One full list: its time and size; throws unless it is a well-formed document of every check. */
async function fullList(world: World): Promise<{ sec: number; mb: number }> {
  const start = performance.now();
  const res = await fetch(`${world.api.url}/api/v1/checks`, { headers: { authorization: `Bearer ${world.key}` } });
  const text = await res.text();
  const sec = (performance.now() - start) / 1000;
  if (res.status !== 200) throw new Error(`GET /checks answered ${res.status}: ${text.slice(0, 200)}`);
  const n = (JSON.parse(text) as { data: unknown[] }).data.length;
  if (n !== CHECKS) throw new Error(`GET /checks listed ${n} checks of ${CHECKS}`);
  return { sec, mb: Buffer.byteLength(text) / 1e6 };
}

function offerPings(world: World): Promise<OpenLoopResult> {
  return startOpenLoop({
    host: '127.0.0.1',
    port: world.api.port,
    pathsFile: world.pathsFile,
    rate: PING_RATE,
    durationSec: PHASE_SEC,
    connections: 32,
    maxConnections: 256,
    intervalSec: PHASE_SEC,
    drainTimeoutMs: 15_000,
  }).result;
}

async function oneRun(world: World, run: number): Promise<Record<string, string | number>> {
  await loopDelay(world.api);
  const alone = await offerPings(world);
  const loopAlone = await loopDelay(world.api);

  const pings = offerPings(world);
  const lists: { sec: number; mb: number }[] = [];
  const phaseEnd = performance.now() + PHASE_SEC * 1000;
  // Lists back to back for the phase (at least one), started once the pings are flowing.
  await new Promise((r) => setTimeout(r, 500));
  do lists.push(await fullList(world));
  while (performance.now() < phaseEnd - 1000 * (lists.at(-1)?.sec ?? 0));
  const withList = await pings;
  const loopWithList = await loopDelay(world.api);
  // One list alone: the api's CPU for it, a figure the machine's other load disturbs much less.
  const cpuBefore = cpuSeconds(world.api.child.pid);
  const alone1 = await fullList(world);
  const apiCpu = cpuSeconds(world.api.child.pid) - cpuBefore;
  const loopListAlone = await loopDelay(world.api);
  const sec = percentile(
    lists.map((l) => l.sec),
    50,
  );
  return {
    run,
    lists: lists.length,
    'list s': Number(sec.toFixed(2)),
    'list MB': Number((lists[0]?.mb ?? 0).toFixed(1)),
    'checks/s': Math.round(CHECKS / sec),
    'list s alone': Number(alone1.sec.toFixed(2)),
    'api cpu s/list': Number(apiCpu.toFixed(2)),
    'loop p99 ms list alone': Number(loopListAlone.p99.toFixed(1)),
    'loop p99 ms pings alone': Number(loopAlone.p99.toFixed(1)),
    'loop p99 ms w/ list': Number(loopWithList.p99.toFixed(1)),
    'loop max ms w/ list': Number(loopWithList.max.toFixed(1)),
    'ping p50 ms alone': alone.p50Ms,
    'ping p99 ms alone': alone.p99Ms,
    'ping p50 ms w/ list': withList.p50Ms,
    'ping p99 ms w/ list': withList.p99Ms,
    'pings not 2xx': alone.failed + alone.unanswered + withList.failed + withList.unanswered,
    load: os.loadavg()[0]!.toFixed(1),
  };
}

/** Median [min–max] of a column over the runs. */
function summary(rows: Record<string, string | number>[]): Record<string, string | number>[] {
  const cols = Object.keys(rows[0] ?? {}).filter((c) => c !== 'run' && c !== 'load');
  return cols.map((c) => {
    const v = rows.map((r) => Number(r[c]));
    return { figure: c, median: percentile(v, 50), range: `${Math.min(...v)}–${Math.max(...v)}` };
  });
}

export async function run(): Promise<void> {
  const db = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const prefix = testRedisPrefix();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'list-stream-'));
  let api: ServiceProcess | null = null;
  try {
    const projectId = await createBenchProject(pool);
    await insertChecks(pool, projectId, CHECKS, {
      periodSec: 86_400,
      graceSec: 3600,
      lastPingAt: new Date(),
      deadlineSql: `$6::timestamptz + interval '1 day'`,
    });
    const key = generateApiKey('rw');
    await pool.query(`INSERT INTO api_keys (id, project_id, kind, prefix, hash) VALUES (gen_random_uuid(), $1, 'rw', $2, $3)`, [
      projectId,
      key.prefix,
      key.hash,
    ]);
    await pool.query('VACUUM ANALYZE checks');
    const ids = (await pool.query<{ id: string }>('SELECT id FROM checks ORDER BY random() LIMIT $1', [PINGED])).rows.map((r) => r.id);
    const pathsFile = path.join(tmp, 'paths.txt');
    fs.writeFileSync(pathsFile, ids.map((id) => `/${id}\n`).join(''));
    api = await startService(
      'api',
      { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' },
      { nodeArgs: ['--max-semi-space-size=64'] },
    );
    const world = { api, key: key.key, pathsFile };
    await fullList(world); // warm-up: JIT, pools, the plan of the page statements
    const rows: Record<string, string | number>[] = [];
    for (let i = 1; i <= RUNS; i++) rows.push(await oneRun(world, i));
    const title = `list-stream: ${CHECKS.toLocaleString('en')} checks, GET /checks streamed whole while ${PING_RATE} pings/s (open loop) hit the same api, ${PHASE_SEC} s per phase`;
    printTable(title, rows);
    printTable(`list-stream: median [range] of ${RUNS} runs (goals: loop p99 ≤ 20 ms during the list; ping p99 kept)`, summary(rows));
  } finally {
    await api?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
