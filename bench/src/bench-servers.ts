// The benchmarks' own PostgreSQL and Redis (issue 30): the machine's servers are test servers
// (autovacuum off, 128 MB of shared buffers, shared with other engineers' tests), so figures
// taken on them measure neither production's vacuum cost nor its steady state. `pnpm bench`
// starts a private PostgreSQL (Debian's binaries, initdb in a temporary directory, the settings
// below, listed in bench/RESULTS.md) and a private Redis for the run, and stops both after it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createMigratedDatabase, freePort, type TestDatabase } from '@upmon/testing';

const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Production-like settings for a dedicated database server of this size (2 cores, a few GB for
 * PostgreSQL): autovacuum ON with PostgreSQL's default thresholds and cost limits, fsync and
 * synchronous_commit on (a ping is answered after its commit is durable), checkpoints spread out
 * as on a server with real write traffic, and pg_stat_statements loaded so a run can say where
 * PostgreSQL's time goes.
 */
export const BENCH_PG_SETTINGS: Record<string, string> = {
  max_connections: '200',
  shared_buffers: '2GB',
  effective_cache_size: '6GB',
  work_mem: '16MB',
  maintenance_work_mem: '512MB',
  wal_buffers: '16MB',
  max_wal_size: '8GB',
  min_wal_size: '1GB',
  checkpoint_timeout: '15min',
  checkpoint_completion_target: '0.9',
  random_page_cost: '1.1',
  effective_io_concurrency: '200',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  autovacuum: 'on',
  log_autovacuum_min_duration: '0',
  track_io_timing: 'on',
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.max': '1000',
};

export interface BenchPostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  dataDir: string;
  /** The postmaster's pid: its children are every backend and worker (autovacuum included). */
  pid: () => number;
  stop(): Promise<void>;
}

const asPostgres = (cmd: string, args: string[]) =>
  // initdb and postgres refuse to run as root: on the CI-like machines we are root.
  process.getuid?.() === 0 ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };

function run(cmd: string, args: string[]): void {
  const c = asPostgres(cmd, args);
  const r = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.error?.message ?? ''}\n${r.stdout}\n${r.stderr}`);
}

/** initdb in a fresh directory under the system's temp dir, then start the server on a free port. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(
      `the benchmarks start their own PostgreSQL and need its server binaries in ${PG_BIN} (apt-get install -y postgresql-15, or set BENCH_PG_BIN)`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upmon-bench-pg-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dataDir]);
  run(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const conf = Object.entries({ ...BENCH_PG_SETTINGS, port: String(port), listen_addresses: "'127.0.0.1'", unix_socket_directories: `'${dataDir}'` })
    .map(([k, v]) => `${k} = ${/^[\w.]+$/.test(v) ? v : v.startsWith("'") ? v : `'${v}'`}`)
    .join('\n');
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n# upmon bench (bench/src/bench-servers.ts)\n${conf}\n`);
  const c = asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
  const r = spawnSync(c.cmd, c.args, { encoding: 'utf8' });
  if (r.status !== 0) {
    const log = fs.existsSync(path.join(dataDir, 'server.log')) ? fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8') : '';
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`bench PostgreSQL did not start:\n${r.stdout}\n${r.stderr}\n${log}`);
  }
  const pid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  // In template1, so every database the benchmarks create can read it.
  spawnSync(path.join(PG_BIN, 'psql'), ['-q', '-d', adminUrl.replace(/\/postgres$/, '/template1'), '-c', 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements'], {
    encoding: 'utf8',
  });
  return {
    adminUrl,
    dataDir,
    pid,
    async stop() {
      run(path.join(PG_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      if (!process.env.BENCH_KEEP_PG_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BenchRedis {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A private redis-server (nothing kept on disk) on a free port. */
export async function startBenchRedis(): Promise<BenchRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upmon-bench-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench redis-server did not start (apt-get install -y redis-server):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn` with the benchmarks' own servers as the test servers (`createMigratedDatabase` and
 * `testRedisUrl` of @upmon/testing read TEST_DATABASE_ADMIN_URL and TEST_REDIS_URL), then stops
 * them. BENCH_SYSTEM_SERVERS=1 uses the machine's servers instead (to compare with older figures).
 */
export async function withBenchServers<T>(fn: (servers: { pg: BenchPostgres | null; redis: BenchRedis | null }) => Promise<T>): Promise<T> {
  if (process.env.BENCH_SYSTEM_SERVERS === '1') return fn({ pg: null, redis: null });
  const pg = await startBenchPostgres();
  let redis: BenchRedis | null = null;
  const stopAll = async () => {
    await redis?.stop().catch(() => undefined);
    await pg.stop().catch((e: Error) => console.error(e.message));
  };
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    redis = await startBenchRedis();
    process.env.TEST_DATABASE_ADMIN_URL = pg.adminUrl;
    process.env.TEST_REDIS_URL = redis.url;
    console.log(`bench servers: PostgreSQL ${pg.adminUrl} (data ${pg.dataDir}), Redis ${redis.url}`);
    return await fn({ pg, redis });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

/**
 * A fresh migrated database for one benchmark. BENCH_SETUP_SQL, when set, runs in it first: a
 * way to measure a schema or storage change alone (an index dropped, a fillfactor) before
 * writing it as a migration.
 */
export async function createBenchDatabase(): Promise<TestDatabase> {
  const db = await createMigratedDatabase();
  const sql = process.env.BENCH_SETUP_SQL;
  if (sql) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(sql);
      console.log(`BENCH_SETUP_SQL applied: ${sql}`);
    } finally {
      await client.end();
    }
  }
  return db;
}
