import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
