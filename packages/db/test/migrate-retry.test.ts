// scripts/migrate.mjs under traffic: a migration that follows the rule (docs/database.md,
// "Migrations under traffic") gives way to a long transaction instead of queueing pings behind
// it, and is applied again once the transaction ends.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, eventually, type TestDatabase } from '@upmon/testing';

const packageDir = path.resolve(import.meta.dirname, '..');

/** The repository's migrations plus one of a test's own, in a scratch folder. */
function migrationsWith(name: string, sql: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-migrate-'));
  cpSync(path.join(packageDir, 'prisma/migrations'), dir, { recursive: true });
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  return dir;
}

function runMigrate(url: string, migrationsDir: string): { done: Promise<{ status: number | null; output: string }> } {
  const child = spawn(process.execPath, [path.join(packageDir, 'scripts/migrate.mjs')], {
    env: { ...process.env, DATABASE_URL: url, UPMON_MIGRATIONS_DIR: migrationsDir },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { done: new Promise((resolve) => child.on('exit', (status) => resolve({ status, output }))) };
}

let db: TestDatabase;
let dirs: string[] = [];
beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  await db.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const connect = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
};

it('retries a migration that gave way to a long transaction, and pings are never queued behind it', async () => {
  const name = '29990101000000_add_a_column';
  const dir = migrationsWith(name, `BEGIN;\nSET LOCAL lock_timeout = '50ms';\nALTER TABLE "checks" ADD COLUMN "i37_note" TEXT;\nCOMMIT;\n`);
  dirs.push(dir);
  const holder = await connect(db.url);
  const writer = await connect(db.url);
  const watcher = await connect(db.url);
  try {
    // A long transaction that read `checks` (a scan, a report): ALTER TABLE must wait for it.
    await holder.query('BEGIN');
    await holder.query('SELECT count(*) FROM checks');
    const migrate = runMigrate(db.url, dir);

    const failedOnce = async () =>
      (await watcher.query(`SELECT 1 FROM _prisma_migrations WHERE migration_name = $1 AND logs ~ 'lock timeout'`, [name])).rowCount! > 0;
    await eventually(failedOnce, 120_000, 'the migration to give way once');
    // Writers of `checks` (every ping) still go through while the migration keeps retrying: with
    // the ALTER queued for the lock and no lock_timeout, this would wait until the holder ends.
    await writer.query(`SET lock_timeout = '5s'`);
    await writer.query(`UPDATE checks SET name = name WHERE false`);

    await holder.query('COMMIT');
    const { status, output } = await migrate.done;
    if (status !== 0) console.log(output);
    expect(output).toMatch(new RegExp(`migration ${name} gave way to traffic \\(attempt 1 of 12\\); retrying in 1 s`));
    expect(status).toBe(0);
    const column = await watcher.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'checks' AND column_name = 'i37_note'`);
    expect(column.rowCount).toBe(1);
    const row = await watcher.query(`SELECT finished_at IS NOT NULL AS done FROM _prisma_migrations WHERE migration_name = $1 AND rolled_back_at IS NULL`, [
      name,
    ]);
    expect(row.rows).toEqual([{ done: true }]);
  } finally {
    await Promise.all([holder.end(), writer.end(), watcher.end()]);
  }
});

it('stops at once on a failure that is not a lock', async () => {
  const name = '29990101000000_broken';
  const dir = migrationsWith(name, `BEGIN;\nSET LOCAL lock_timeout = '50ms';\nALTER TABLE "no_such_table" ADD COLUMN "x" TEXT;\nCOMMIT;\n`);
  dirs.push(dir);
  const { status, output } = await runMigrate(db.url, dir).done;
  expect(status).not.toBe(0);
  expect(output).toContain('no_such_table');
  expect(output).not.toContain('gave way');
});
