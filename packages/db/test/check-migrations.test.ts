import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.resolve(import.meta.dirname, '../scripts/check-migrations.mjs');

/** Runs the lint over a scratch migrations folder holding one migration with `sql`. */
function lint(sql: string, name = '29990101000000_scratch') {
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-migrations-'));
  try {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tx = (...statements: string[]) => ['BEGIN', "SET LOCAL lock_timeout = '50ms'", ...statements, 'COMMIT'].join(';\n') + ';\n';

describe('the migrations lint', () => {
  it('passes the repository migrations (those before the rule are listed with a reason)', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it.each([
    [
      'new tables, their indexes and foreign keys to existing tables, in a transaction',
      tx(
        "CREATE TYPE \"IncidentState\" AS ENUM ('open', 'closed')",
        'CREATE TABLE "incidents" ("id" UUID NOT NULL, "page_id" UUID NOT NULL, CONSTRAINT "incidents_pkey" PRIMARY KEY ("id"))',
        'CREATE INDEX "incidents_page_id_idx" ON "incidents"("page_id")',
        'ALTER TABLE "incidents" ADD CONSTRAINT "incidents_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE',
      ),
    ],
    [
      'a nullable column and a constant default',
      tx('ALTER TABLE "checks" ADD COLUMN "note" TEXT', 'ALTER TABLE "pings" ADD COLUMN "n2" INTEGER NOT NULL DEFAULT 0'),
    ],
    ['a constraint NOT VALID', tx('ALTER TABLE "checks" ADD CONSTRAINT "checks_x" CHECK ("grace_sec" >= 0) NOT VALID')],
    ['a unique constraint over an index built before', tx('ALTER TABLE "checks" ADD CONSTRAINT "checks_u" UNIQUE USING INDEX "checks_u_idx"')],
    ['lock_timeout as a bare number of milliseconds', tx().replace("'50ms'", '20')],
    [
      'concurrent index builds on their own, each after dropping a failed one',
      'DROP INDEX CONCURRENTLY IF EXISTS "checks_a_idx";\nCREATE INDEX CONCURRENTLY "checks_a_idx" ON "checks"("a");\n' +
        'DROP INDEX CONCURRENTLY IF EXISTS "checks_old_idx";\nALTER TABLE "checks" VALIDATE CONSTRAINT "checks_x";\n',
    ],
    ['a statement allowed with a reason', tx('-- migration-rules: allow writes-rows: 40 rows at most, the table is tiny\nUPDATE "plans" SET "x" = 1')],
    ['comments with the words of the rules', '-- BEGIN, UPDATE checks, CREATE INDEX\n' + tx('ALTER TABLE "checks" ADD COLUMN "y" INTEGER')],
  ])('accepts %s', (_what, sql) => {
    expect(lint(sql)).toEqual({ status: 0, output: '' });
  });

  it.each([
    ['no transaction', 'ALTER TABLE "checks" ADD COLUMN "z" INTEGER;\n', 'transaction'],
    ['BEGIN without COMMIT', 'BEGIN;\nSET LOCAL lock_timeout = \'50ms\';\nALTER TABLE "checks" ADD COLUMN "z" INTEGER;\n', 'transaction'],
    ['no lock_timeout', 'BEGIN;\nALTER TABLE "checks" ADD COLUMN "z" INTEGER;\nCOMMIT;\n', 'lock-timeout'],
    ['a long lock_timeout', tx().replace("'50ms'", "'2s'"), 'lock-timeout'],
    ['lock_timeout 0 (wait for ever)', tx().replace("'50ms'", '0'), 'lock-timeout'],
    ['a session lock_timeout', tx("SET lock_timeout = '5s'"), 'lock-timeout'],
    ['an index built in a transaction', tx('CREATE INDEX "checks_b_idx" ON "checks"("b")'), 'index-not-concurrent'],
    ['a unique index in a transaction', tx('CREATE UNIQUE INDEX "pings_c_key" ON public."pings"("c")'), 'index-not-concurrent'],
    ['an index dropped in a transaction', tx('DROP INDEX "checks_b_idx"'), 'index-not-concurrent'],
    ['CONCURRENTLY in a transaction', tx('CREATE INDEX CONCURRENTLY "checks_b_idx" ON "checks"("b")'), 'transaction'],
    [
      'a foreign key validated at once',
      tx('ALTER TABLE "flips" ADD CONSTRAINT "f" FOREIGN KEY ("check_id") REFERENCES "checks"("id")'),
      'constraint-not-valid',
    ],
    ['a CHECK validated at once', tx('ALTER TABLE "checks" ADD CONSTRAINT "c" CHECK ("grace_sec" >= 0)'), 'constraint-not-valid'],
    ['a unique constraint building its index', tx('ALTER TABLE "checks" ADD CONSTRAINT "u" UNIQUE ("slug")'), 'constraint-builds-index'],
    ['a column type change', tx('ALTER TABLE "pings" ALTER COLUMN "n" SET DATA TYPE BIGINT'), 'rewrites-table'],
    ['SET NOT NULL', tx('ALTER TABLE "checks" ALTER COLUMN "slug" SET NOT NULL'), 'rewrites-table'],
    ['a volatile default', tx('ALTER TABLE "projects" ADD COLUMN "k" UUID NOT NULL DEFAULT gen_random_uuid()'), 'rewrites-table'],
    ['a backfill', tx('UPDATE "checks" SET "n_pings" = 0'), 'writes-rows'],
    ['a delete', tx('DELETE FROM "pings" WHERE "ts" < now()'), 'writes-rows'],
    ['an explicit lock', tx('LOCK TABLE "checks" IN ACCESS EXCLUSIVE MODE'), 'lock-table'],
    ['a concurrent build that a retry cannot redo', 'CREATE INDEX CONCURRENTLY "checks_a_idx" ON "checks"("a");\n', 'rerun'],
    [
      'other statements beside a concurrent build',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a" ON "checks"("a");\nALTER TABLE "checks" ADD COLUMN "q" INT;\n',
      'transaction',
    ],
    ['an allow comment without a reason', tx('-- migration-rules: allow writes-rows\nUPDATE "checks" SET "x" = 1'), 'writes-rows'],
  ])('refuses %s', (_what, sql, rule) => {
    const run = lint(sql);
    expect(run.status).toBe(1);
    expect(run.output).toContain(`29990101000000_scratch: [${rule}]`);
    expect(run.output).toContain('docs/database.md');
  });
});
