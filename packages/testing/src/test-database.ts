import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database with every migration applied, cloned from the template that jest's global
 * setup built. One per test file: `beforeAll(create)`, `afterAll(drop)`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.UPMON_TEST_TEMPLATE_DB;
  if (!template) throw new Error('UPMON_TEST_TEMPLATE_DB is not set: run tests through jest (global setup builds it)');
  const name = `upmon_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE … TEMPLATE fails while another session is connected to the template; retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  return {
    name,
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** An empty database (no migrations), for testing the migrations themselves. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `upmon_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A fresh database with every migration applied by `prisma migrate deploy` (no jest template needed):
 * for benchmarks and tools. The caller drops it.
 */
export async function createMigratedDatabase(): Promise<TestDatabase> {
  const db = await createEmptyDatabase();
  const res = spawnSync(process.execPath, [path.join(root, 'packages/db/scripts/prisma.mjs'), 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    await db.drop();
    throw new Error(`migrations failed:\n${res.stdout}\n${res.stderr}`);
  }
  return db;
}
