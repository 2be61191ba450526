#!/usr/bin/env node
// Applies the migrations (`prisma migrate deploy`) under traffic: a migration that gave up waiting
// for a lock (its short `SET LOCAL lock_timeout`) or lost a deadlock is marked rolled back and
// applied again after a pause, up to ATTEMPTS times. Safe because every migration follows the
// rule of docs/database.md ("Migrations under traffic"): a transaction that rolled back whole, or
// concurrent index builds that drop what a failed build left. Any other failure stops at once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ATTEMPTS = 12;
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 30_000;
/** What PostgreSQL says when a statement gave up on a lock (55P03) or lost a deadlock (40P01). */
const GAVE_WAY = /lock timeout|could not obtain lock|deadlock detected/i;

const here = path.dirname(fileURLToPath(import.meta.url));
const prisma = (...args) => spawnSync(process.execPath, [path.join(here, 'prisma.mjs'), ...args], { stdio: 'inherit' }).status ?? 1;
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function withClient(work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migration whose last attempt failed and is not yet resolved, with the failure's log. */
const failedMigration = () =>
  withClient(async (c) => {
    const { rows } = await c.query(
      'SELECT migration_name, logs FROM _prisma_migrations WHERE finished_at IS NULL AND rolled_back_at IS NULL ORDER BY started_at DESC LIMIT 1',
    );
    return rows[0] ?? null;
  });

/**
 * What `prisma migrate resolve --rolled-back` records (that command needs the binary schema engine,
 * which is not downloaded here): deploy then applies the migration again.
 */
const markRolledBack = (name) =>
  withClient((c) =>
    c.query('UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL', [name]),
  );

let pause = FIRST_PAUSE_MS;
for (let attempt = 1; ; attempt++) {
  const status = prisma('migrate', 'deploy');
  if (status === 0) process.exit(0);
  const failed = await failedMigration().catch(() => null);
  if (!failed || !GAVE_WAY.test(failed.logs ?? '')) process.exit(status);
  if (attempt >= ATTEMPTS) {
    console.error(
      `migration ${failed.migration_name} could not take its locks in ${ATTEMPTS} attempts: find what holds them (pg_locks, pg_stat_activity) and run again`,
    );
    process.exit(status);
  }
  console.error(`migration ${failed.migration_name} gave way to traffic (attempt ${attempt} of ${ATTEMPTS}); retrying in ${pause / 1000} s`);
  await markRolledBack(failed.migration_name);
  await new Promise((r) => setTimeout(r, pause));
  pause = Math.min(pause * 2, MAX_PAUSE_MS);
}
