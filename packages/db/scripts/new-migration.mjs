#!/usr/bin/env node
// Authors a migration offline: diff the schema as committed in git (HEAD) against the working copy.
// Usage: pnpm db:new-migration <name>
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: pnpm db:new-migration <name>   (name: lowercase letters, digits, underscores)');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, '..');
const schema = path.join(pkgDir, 'prisma/schema.prisma');
const migrationsDir = path.join(pkgDir, 'prisma/migrations');
const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');

const hasMigrations = readdirSync(migrationsDir, { withFileTypes: true }).some((d) => d.isDirectory());
let fromArgs = ['--from-empty'];
if (hasMigrations) {
  const rel = path.relative(execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: pkgDir }).toString().trim(), schema);
  const previous = execFileSync('git', ['show', `HEAD:${rel}`], { cwd: pkgDir });
  const tmp = path.join(mkdtempSync(path.join(os.tmpdir(), 'upmon-schema-')), 'schema.prisma');
  writeFileSync(tmp, previous);
  fromArgs = ['--from-schema-datamodel', tmp];
}
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' };
const res = spawnSync(process.execPath, [cli, 'migrate', 'diff', ...fromArgs, '--to-schema-datamodel', schema, '--script'], {
  cwd: pkgDir,
  env,
  encoding: 'utf8',
});
if (res.status !== 0) {
  process.stderr.write(res.stderr);
  process.exit(res.status ?? 1);
}
if (res.stdout.includes('This is an empty migration')) {
  console.error('schema.prisma has no changes against HEAD: nothing to do');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
// The rule of docs/database.md ("Migrations under traffic"): one transaction with a short lock
// timeout. Index builds on existing tables must then move to a migration of their own (CONCURRENTLY):
// the lint below says which.
const wrapped = `BEGIN;\nSET LOCAL lock_timeout = '50ms';\n\n${res.stdout.trim()}\n\nCOMMIT;\n`;
writeFileSync(path.join(dir, 'migration.sql'), wrapped);
console.log(`wrote ${path.relative(process.cwd(), path.join(dir, 'migration.sql'))}`);
const lint = spawnSync(process.execPath, [path.join(here, 'check-migrations.mjs')], { stdio: 'inherit' });
if (lint.status !== 0) console.error('edit the migration until `node scripts/check-migrations.mjs` passes (pnpm lint runs it)');
