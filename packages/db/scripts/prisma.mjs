#!/usr/bin/env node
// Runs the Prisma CLI with DATABASE_URL always set: without it the CLI falls back to downloading a
// query-engine library, which fails offline (see docs/database.md).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');

const env = { ...process.env };
env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
env.CHECKPOINT_DISABLE = '1';

const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  cwd: pkgDir,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
