// API reads: GET /checks (a project of 100 checks) and GET /checks/{uuid} against the real, built
// api process. Requests/s and latency at a fixed concurrency, then p50/p99 at a fixed offered rate
// of 500 requests/s (goal: p99 ≤ 15 ms), requests evenly spaced (open loop). The load generator
// runs in its own process (api-load.ts). Requests rotate over many API keys so the per-key limit
// of 600/min is exercised (every request still runs the Redis rate limiter) but never reached.
import { fork } from 'node:child_process';
import pg from 'pg';
import { generateApiKey } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import type { LoadRequest, LoadResult } from './api-load.js';
import { cpuSeconds } from './cpu-usage.js';
import { printTable } from './report.js';

const CHECKS = 100;
const KEYS = 400;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RATE = 500;

async function seed(pool: pg.Pool): Promise<{ keys: string[]; checkIds: string[] }> {
  const account = await pool.query<{ id: string }>(
    `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'pro', now()) RETURNING id`,
  );
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'bench', md5(random()::text)) RETURNING id`,
    [account.rows[0]?.id],
  );
  const projectId = project.rows[0]?.id as string;
  const keys = Array.from({ length: KEYS }, (_, i) => generateApiKey(i % 2 ? 'ro' : 'rw'));
  await pool.query(
    `INSERT INTO api_keys (id, project_id, kind, prefix, hash)
     SELECT gen_random_uuid(), $1, k.kind::"ApiKeyKind", k.prefix, k.hash FROM unnest($2::text[], $3::text[], $4::text[]) AS k(kind, prefix, hash)`,
    [projectId, keys.map((_, i) => (i % 2 ? 'ro' : 'rw')), keys.map((k) => k.prefix), keys.map((k) => k.hash)],
  );
  // Realistic rows: a mix of schedules, tags, pinged and never pinged.
  const checks = await pool.query<{ id: string }>(
    `INSERT INTO checks (id, project_id, name, slug, description, tags, tz, schedule_kind, period_sec, cron, grace_sec, status, last_ping_at, next_deadline_at, updated_at)
     SELECT gen_random_uuid(), $1, 'check ' || i, 'check-' || i, 'benchmark check ' || i, ARRAY['bench', 'team-' || (i % 5)],
            CASE WHEN i % 3 = 0 THEN 'Europe/Riga' ELSE 'UTC' END,
            CASE WHEN i % 2 = 0 THEN 'period'::"ScheduleKind" ELSE 'cron'::"ScheduleKind" END,
            CASE WHEN i % 2 = 0 THEN 3600 END, CASE WHEN i % 2 = 1 THEN '*/15 * * * *' END, 300,
            CASE WHEN i % 4 = 0 THEN 'new'::"CheckStatus" ELSE 'up'::"CheckStatus" END,
            CASE WHEN i % 4 = 0 THEN NULL ELSE now() END, CASE WHEN i % 4 = 0 THEN NULL ELSE now() + interval '1 hour' END, now()
     FROM generate_series(1, $2::int) AS i RETURNING id`,
    [projectId, CHECKS],
  );
  return { keys: keys.map((k) => k.key), checkIds: checks.rows.map((r) => r.id) };
}

interface Scenario {
  name: string;
  /** Rotated per request. */
  paths: string[];
}

/** Runs one load in a child process (api-load.ts), so the bench's event loop cannot stall the client. */
function load(req: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./api-load.js', import.meta.url), { stdio: 'inherit' });
    let result: LoadResult | undefined;
    child.once('message', (m) => (result = m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with ${code}`))));
    child.send(req);
  });
}

async function measure(url: string, pid: number | undefined, keys: string[], s: Scenario, mode: { connections: number; rate?: number }) {
  const cpuBefore = cpuSeconds(pid);
  const result = await load({
    mode: mode.rate ? 'open' : 'closed',
    url,
    paths: s.paths,
    keys,
    durationSec: DURATION_SEC,
    connections: mode.connections,
    ...(mode.rate ? { rate: mode.rate } : {}),
  });
  const cpuMsPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
  return {
    endpoint: s.name,
    load: mode.rate ? `${mode.rate} req/s paced` : `${mode.connections} concurrent`,
    'req/s': result.rps,
    'p50 ms': result.p50,
    'p90 ms': result.p90,
    'p99 ms': result.p99,
    'max ms': result.max,
    ok_2xx: result.ok2xx,
    'non-2xx/errors': result.failed,
    // The api process's own CPU per request: a capacity figure that other load on the machine
    // disturbs much less than latency does.
    'api cpu ms/req': Number.isFinite(cpuMsPerRequest) ? Number(cpuMsPerRequest.toFixed(2)) : 'n/a',
  };
}

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const prefix = testRedisPrefix();
  try {
    const { keys, checkIds } = await seed(pool);
    const api = await startService('api', {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    });
    const rows: Record<string, string | number>[] = [];
    try {
      const scenarios: Scenario[] = [
        { name: `GET /checks (${CHECKS})`, paths: ['/api/v1/checks'] },
        { name: 'GET /checks/{uuid}', paths: checkIds.map((id) => `/api/v1/checks/${id}`) },
      ];
      // Warm-up: JIT, connection pools.
      for (const s of scenarios) await load({ mode: 'closed', url: api.url, paths: s.paths, keys, durationSec: 2, connections: 4 });
      await dropRedisPrefix(`${prefix}:ratelimit:`);
      for (const s of scenarios) {
        rows.push(await measure(api.url, api.child.pid, keys, s, { connections: CONCURRENCY }));
        // Paced at RATE on up to 32 connections (the pool opens only as many as it needs).
        rows.push(await measure(api.url, api.child.pid, keys, s, { connections: 32, rate: RATE }));
        await dropRedisPrefix(`${prefix}:ratelimit:`);
      }
    } finally {
      await api.stop();
    }
    printTable(`api-reads: one api process, ${DURATION_SEC} s per run, goal p99 ≤ 15 ms at ${RATE} req/s (approximate: shared 2-core machine)`, rows);
  } finally {
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
