// Monitoring as code (docs/monitoring-as-code.md): `upmon plan` of a project of 1,000 checks (goal
// ≤ 5 s), the built CLI run as a process against the real, built api process: the files read,
// validated against the JSON Schema, the plan computed by the api. Two cases: files as live (no
// changes) and every check's grace changed (1,000 updates). 5 runs each, median and range.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateApiKey } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, startService, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { printTable } from './report.js';

const CHECKS = 1000;
const RUNS = 5;
const CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));

async function seed(pool: pg.Pool): Promise<string> {
  const account = await pool.query<{ id: string }>(
    `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'bench', 'business', now()) RETURNING id`,
  );
  const project = await pool.query<{ id: string }>(
    `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'bench', md5(random()::text)) RETURNING id`,
    [account.rows[0]?.id],
  );
  const key = generateApiKey('rw');
  await pool.query(`INSERT INTO api_keys (id, project_id, kind, prefix, hash) VALUES (gen_random_uuid(), $1, 'rw', $2, $3)`, [
    project.rows[0]?.id,
    key.prefix,
    key.hash,
  ]);
  // Applied from code: each with its key, half period and half cron schedules, tags.
  await pool.query(
    `INSERT INTO checks (id, project_id, code_key, name, tags, tz, schedule_kind, period_sec, cron, grace_sec, updated_at)
     SELECT gen_random_uuid(), $1, 'check-' || i, 'check ' || i, ARRAY['bench', 'team-' || (i % 5)], 'UTC',
            CASE WHEN i % 2 = 0 THEN 'period'::"ScheduleKind" ELSE 'cron'::"ScheduleKind" END,
            CASE WHEN i % 2 = 0 THEN 3600 END, CASE WHEN i % 2 = 1 THEN '*/15 * * * *' END, 300, now()
     FROM generate_series(1, $2::int) AS i`,
    [project.rows[0]?.id, CHECKS],
  );
  return key.key;
}

/** The same checks as a file (`grace` for every one). */
function projectFile(grace: number): string {
  const lines = ['checks:'];
  for (let i = 1; i <= CHECKS; i++) {
    const schedule = i % 2 === 0 ? '{ kind: period, period_sec: 3600 }' : "{ kind: cron, cron: '*/15 * * * *' }";
    lines.push(`  check-${i}:`, `    name: check ${i}`, `    tags: [bench, team-${i % 5}]`, `    grace_sec: ${grace}`, `    schedule: ${schedule}`);
  }
  return `${lines.join('\n')}\n`;
}

function plan(dir: string, env: Record<string, string>): Promise<{ ms: number; exit: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'plan', dir], { env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 64 << 20 }, (err, stdout) => {
      resolve({ ms: performance.now() - started, exit: err ? Number(err.code) : 0, out: stdout });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const prefix = testRedisPrefix();
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-bench-'));
  try {
    const key = await seed(pool);
    const api = await startService('api', { DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' });
    const rows: Record<string, string | number>[] = [];
    try {
      const env = { UPMON_API_URL: api.url, UPMON_API_KEY: key };
      for (const [name, grace, exit, summary] of [
        ['files as live', 300, 0, `No changes: ${CHECKS} resources`],
        ['every grace changed', 600, 2, `Plan: 0 to create, ${CHECKS} to update`],
      ] as const) {
        writeFileSync(path.join(dir, 'project.yaml'), projectFile(grace));
        await plan(dir, env); // warm-up: JIT, connection pools
        const times: number[] = [];
        for (let r = 0; r < RUNS; r++) {
          const res = await plan(dir, env);
          if (res.exit !== exit || !res.out.includes(summary)) throw new Error(`plan (${name}) exited ${res.exit}: ${res.out.slice(-300)}`);
          times.push(res.ms);
        }
        rows.push({
          case: `${CHECKS} checks, ${name}`,
          runs: RUNS,
          'median s': (median(times) / 1000).toFixed(2),
          'range s': `${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)}`,
        });
      }
    } finally {
      await api.stop();
    }
    printTable(`code-plan: upmon plan (CLI process + api process), goal ≤ 5 s (shared 2-core machine)`, rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pool.end();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}
