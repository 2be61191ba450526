import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmptyDatabase, type TestDatabase } from '@upmon/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh database of its own with every migration applied (dropped by the caller). */
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
