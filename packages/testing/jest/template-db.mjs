// Builds (once per migration set) a template database with every migration applied; test files
// clone it with CREATE DATABASE … TEMPLATE, which takes milliseconds.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function migrationsHash() {
  const dir = path.join(root, 'packages/db/prisma/migrations');
  const h = createHash('sha256');
  for (const d of readdirSync(dir).sort()) {
    if (d.endsWith('.toml')) continue;
    h.update(d);
    h.update(readFileSync(path.join(dir, d, 'migration.sql')));
  }
  return h.digest('hex').slice(0, 12);
}

export async function ensureTemplateDatabase() {
  const name = `upmon_tpl_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(734001)');
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      const res = spawnSync(process.execPath, [path.join(root, 'packages/db/scripts/prisma.mjs'), 'migrate', 'deploy'], {
        env: { ...process.env, DATABASE_URL: withDatabase(adminUrl, name) },
        encoding: 'utf8',
      });
      if (res.status !== 0) {
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        throw new Error(`migrations failed on the template database:\n${res.stdout}\n${res.stderr}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(734001)').catch(() => {});
    await client.end();
  }
  return name;
}
