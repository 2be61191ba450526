// Notification latency: from a flip committed in PostgreSQL to the webhook received by a local
// server, through the real, built notifier process (fan-out on `flips`, delivery on
// `deliveries`, delivery log). Three phases: a cold burst (BENCH_WARMUP_BURST flips, default as
// many as the burst, while the notifier has just started: reported, not the goal; V8 runs the
// delivery path unoptimised for its first few thousand flips, a cost a long-running notifier pays
// once), a steady trickle (p50/p99 per flip) and the burst of 10,000 flips to one webhook
// integration (time until the last one arrives), BENCH_BURSTS times (default 5) on the same
// notifier. Goals: p99 ≤ 100 ms steady; the 10,000 burst drained in ≤ 3 s (median of 5, issue 30).
// Printed: each burst, the median [min–max] of drain and of each party's CPU per flip, and the
// notifier's statements during the bursts (pg_stat_statements: calls and rows per call show how
// well its reads and writes are batched). BENCH_WARMUP_BURST=0 measures the first burst on the
// cold notifier (as before 2026-11-23).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { AAD, createCipher } from '@upmon/crypto';
import { dropRedisPrefix, startService, testRedisPrefix, testRedisUrl, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { createMigratedDatabase } from '@upmon/testing';
import { createBenchProject, insertChecks } from './ping-ingest-setup.js';
import { cpuSeconds } from './cpu-usage.js';
import { percentile, printTable } from './report.js';

const STEADY_FLIPS = Number(process.env.BENCH_STEADY_FLIPS ?? 300);
const STEADY_RATE_PER_SEC = Number(process.env.BENCH_STEADY_RATE ?? 50);
const BURST_FLIPS = Number(process.env.BENCH_BURST_FLIPS ?? 10_000);
const WARMUP_FLIPS = 50;
const WARMUP_BURST_FLIPS = Number(process.env.BENCH_WARMUP_BURST ?? BURST_FLIPS);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
const GOAL_DRAIN_S = 3;

/** A webhook receiver that notes when each check's notification arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  let duplicates = 0;
  const waiters = new Map<string, (t: number) => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(200).end('ok');
      const checkId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { check_id: string }).check_id;
      if (arrivals.has(checkId)) duplicates++;
      else arrivals.set(checkId, at);
      waiters.get(checkId)?.(at);
      waiters.delete(checkId);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    duplicates: () => duplicates,
    arrivalOf: (checkId: string) =>
      new Promise<number>((resolve) => {
        const seen = arrivals.get(checkId);
        if (seen !== undefined) resolve(seen);
        else waiters.set(checkId, resolve);
      }),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function insertFlip(pool: pg.Pool, projectId: string, checkId: string): Promise<void> {
  await pool.query(`INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason) VALUES ($1, $2, now(), 'up', 'down', 'timeout')`, [
    checkId,
    projectId,
  ]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
/** "median [min–max]" of a figure over the bursts. */
const spread = (xs: number[], digits: number) => `${median(xs).toFixed(digits)} [${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;

/** The bench database's statements since the last reset, most PostgreSQL time first, per flip. */
async function statementsPerFlip(pool: pg.Pool, flips: number): Promise<Record<string, string | number>[]> {
  const { rows } = await pool.query<{ calls: string; rows: string; ms: number; query: string }>(
    `SELECT calls, rows, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat%'
      ORDER BY total_exec_time DESC LIMIT 10`,
  );
  return rows.map((r) => ({
    'calls / 1k flips': Number(((1000 * Number(r.calls)) / flips).toFixed(1)),
    'rows / call': Number((Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1)),
    'exec µs / flip': Number(((1000 * r.ms) / flips).toFixed(1)),
    statement: r.query.slice(0, 90),
  }));
}

/**
 * CPU seconds used so far by each party of a delivery: wall-clock figures on the shared machine
 * swing with other work, CPU per flip much less. Redis is the whole server's (other users'
 * commands included); PostgreSQL is the backends connected to the bench database.
 */
async function cpuUsage(pool: pg.Pool, redis: Redis, database: string, notifierPids: (number | undefined)[]) {
  const info = await redis.info('cpu');
  const redisCpu = ['used_cpu_user', 'used_cpu_sys'].reduce((sum, k) => sum + Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN), 0);
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  const own = process.cpuUsage();
  return {
    notifier: notifierPids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0),
    redis: redisCpu,
    postgres: new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)])),
    bench: (own.user + own.system) / 1e6,
  };
}

/** CPU ms per flip of each party between two `cpuUsage` readings. */
function cpuPerFlip(before: Awaited<ReturnType<typeof cpuUsage>>, after: Awaited<ReturnType<typeof cpuUsage>>, flips: number) {
  let postgres = 0;
  for (const [pid, s] of after.postgres) postgres += s - (before.postgres.get(pid) ?? 0);
  const ms = (s: number) => Math.round((s * 1000 * 1000) / flips) / 1000;
  return {
    notifier: ms(after.notifier - before.notifier),
    redis: ms(after.redis - before.redis),
    postgres: ms(postgres),
    'bench (receiver, enqueue)': ms(after.bench - before.bench),
  };
}

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const prefix = testRedisPrefix();
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  const receiver = await startReceiver();
  try {
    const projectId = await createBenchProject(pool);
    // The config is bound to the integration's id, drawn first.
    const {
      rows: [{ id } = { id: 0 }],
    } = await pool.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('integrations', 'id'))::int AS id`);
    const config = createCipher(TEST_ENCRYPTION_KEY).encryptJson({ url: `${receiver.url}/hook`, secret: 'bench-secret' }, AAD.integrationConfig(id));
    await pool.query(
      `INSERT INTO integrations (id, project_id, kind, name, events, config, updated_at) VALUES ($1, $2, 'webhook', 'bench', '{down,up,late}', $3, now())`,
      [id, projectId, config],
    );
    const total = WARMUP_BURST_FLIPS + WARMUP_FLIPS + STEADY_FLIPS + BURSTS * BURST_FLIPS;
    await insertChecks(pool, projectId, total, {
      periodSec: 86_400,
      graceSec: 3600,
      lastPingAt: new Date(),
      deadlineSql: `$6::timestamptz + interval '1 day'`,
    });
    const checkIds = (await pool.query<{ id: string }>('SELECT id FROM checks ORDER BY name')).rows.map((r) => r.id);
    await pool.query(`UPDATE checks SET status = 'down', next_deadline_at = NULL`);

    // BENCH_NOTIFIERS > 1 runs several notifier processes on the same queues (a scaled-out deployment).
    const notifierEnv = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      LOG_LEVEL: 'warn',
      NOTIFIER_CONCURRENCY: process.env.BENCH_CONCURRENCY ?? '200',
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
      // e.g. `--import <a preload that starts the inspector's profiler>` to profile the notifier
      // (--cpu-prof itself is not allowed in NODE_OPTIONS).
      ...(process.env.BENCH_NOTIFIER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NOTIFIER_NODE_OPTIONS } : {}),
    };
    // Started as deployed (docker-compose.yml, scripts/start.sh): with a 64 MB young generation.
    const nodeArgs = (process.env.BENCH_NOTIFIER_NODE_ARGS ?? '--max-semi-space-size=64').split(' ').filter(Boolean);
    const notifiers = await Promise.all(
      Array.from({ length: Number(process.env.BENCH_NOTIFIERS ?? 1) }, () => startService('notifier', notifierEnv, { nodeArgs, readyTimeoutMs: 120_000 })),
    );
    const notifierPids = notifiers.map((n) => n.child.pid);
    const rows: Record<string, string | number>[] = [];
    try {
      // Steady: one flip every 1/rate s, each committed as the writers do (the notifier takes it from PostgreSQL).
      const measure = async (from: number, count: number, ratePerSec: number): Promise<number[]> => {
        const pending: Promise<number>[] = [];
        const start = performance.now();
        for (let i = 0; i < count; i++) {
          const due = start + (i * 1000) / ratePerSec;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const checkId = checkIds[from + i]!;
          await insertFlip(pool, projectId, checkId);
          const committedAt = performance.now();
          pending.push(receiver.arrivalOf(checkId).then((at) => at - committedAt));
        }
        return Promise.all(pending);
      };
      // A burst: `checks.length` flips committed at once (a deadline herd); measured from the commit.
      const dbName = new URL(db.url).pathname.slice(1);
      const burst = async (phase: string, checks: string[]) => {
        await pool.query(
          `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason)
           SELECT c, $2, now(), 'up', 'down', 'timeout' FROM unnest($1::uuid[]) c`,
          [checks, projectId],
        );
        const t0 = performance.now();
        const cpuBefore = await cpuUsage(pool, redis, dbName, notifierPids);
        const arrivals = await Promise.all(checks.map((c) => receiver.arrivalOf(c)));
        const drainMs = Math.max(...arrivals) - t0;
        // Deliveries are logged after the webhook answers: let the last log inserts land.
        await sleep(200);
        const cpu = cpuPerFlip(cpuBefore, await cpuUsage(pool, redis, dbName, notifierPids), checks.length);
        const latencies = arrivals.map((a) => a - t0);
        rows.push({
          phase,
          flips: checks.length,
          'p50 ms': percentile(latencies, 50),
          'p99 ms': percentile(latencies, 99),
          'max ms': Math.max(...latencies),
          'drain s': drainMs / 1000,
          'flips/s': Math.round(checks.length / (drainMs / 1000)),
        });
        return { cpu, drainS: drainMs / 1000 };
      };
      const steadyFrom = WARMUP_BURST_FLIPS;
      if (WARMUP_BURST_FLIPS > 0) await burst('cold burst (notifier just started)', checkIds.slice(0, WARMUP_BURST_FLIPS));
      await measure(steadyFrom, WARMUP_FLIPS, STEADY_RATE_PER_SEC);
      const steady = await measure(steadyFrom + WARMUP_FLIPS, STEADY_FLIPS, STEADY_RATE_PER_SEC);
      rows.push({
        phase: `steady ${STEADY_RATE_PER_SEC}/s`,
        flips: STEADY_FLIPS,
        'p50 ms': percentile(steady, 50),
        'p99 ms': percentile(steady, 99),
        'max ms': Math.max(...steady),
        'drain s': '-',
        'flips/s': '-',
      });

      const bursts: Awaited<ReturnType<typeof burst>>[] = [];
      await pool.query('SELECT pg_stat_statements_reset()');
      for (let b = 0; b < BURSTS; b++) {
        const from = steadyFrom + WARMUP_FLIPS + STEADY_FLIPS + b * BURST_FLIPS;
        bursts.push(await burst(`burst ${b + 1} of ${BURSTS}`, checkIds.slice(from, from + BURST_FLIPS)));
      }
      const statements = await statementsPerFlip(pool, BURSTS * BURST_FLIPS);
      await sleep(300);
      const logged = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM notification_deliveries WHERE status = 'succeeded'`);
      printTable('notify-latency: flip committed → webhook received (approximate; shared machine)', rows);
      console.log(
        `deliveries logged as succeeded: ${logged.rows[0]!.n} of ${total}; duplicate webhooks: ${receiver.duplicates()}; ` +
          `goals: steady p99 ≤ 100 ms, burst of ${BURST_FLIPS.toLocaleString('en')} drained ≤ ${GOAL_DRAIN_S} s (median of ${BURSTS})`,
      );
      printTable(
        'notify-latency: CPU ms per flip during each burst',
        bursts.map((b) => b.cpu),
      );
      const drains = bursts.map((b) => b.drainS);
      const cpuOf = (k: keyof (typeof bursts)[number]['cpu']) =>
        spread(
          bursts.map((b) => b.cpu[k]),
          3,
        );
      const allParties = bursts.map((b) => b.cpu.notifier + b.cpu.redis + b.cpu.postgres);
      const [l1, l5] = fs.readFileSync('/proc/loadavg', 'utf8').split(' ');
      printTable(`notify-latency: the ${BURSTS} bursts of ${BURST_FLIPS.toLocaleString('en')} flips, median [min–max] (load average ${l1} / ${l5})`, [
        {
          'drain s': spread(drains, 2),
          goal: `≤ ${GOAL_DRAIN_S} s: ${median(drains) <= GOAL_DRAIN_S ? 'met' : 'NOT met'}`,
          'CPU ms/flip notifier': cpuOf('notifier'),
          redis: cpuOf('redis'),
          postgres: cpuOf('postgres'),
          'notifier+redis+pg': spread(allParties, 3),
        },
      ]);
      printTable(`notify-latency: PostgreSQL statements during the bursts (pg_stat_statements)`, statements);
    } finally {
      await Promise.all(notifiers.map((n) => n.stop()));
    }
  } finally {
    await receiver.close();
    redis.disconnect();
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
