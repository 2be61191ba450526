#!/usr/bin/env node
// Lints prisma/migrations against the rule that keeps pings flowing while a migration runs
// (docs/database.md, "Migrations under traffic"): no statement may hold a lock that blocks pings
// for longer than a short lock_timeout, and every migration can be retried after a lock timeout.
// `node scripts/check-migrations.mjs [migrationsDir]` (default: this package's); `pnpm lint` runs
// it, test/check-migrations.test.ts runs it over scratch folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The longest `SET LOCAL lock_timeout` a migration may use: what a ping may wait behind it. */
const MAX_LOCK_TIMEOUT_MS = 50;

/**
 * Migrations written before the rule (issue 37). Every installation has applied them; a new one
 * applies them to an empty database, where no lock blocks anyone. Never add a new migration here:
 * write it to the rule, or allow one statement with a reason (see docs/database.md).
 */
const BEFORE_THE_RULE = 'applied before the rule existed (issue 37): never runs again under traffic';
const GRANDFATHERED = new Map(
  [
    '20261122072550_init',
    '20261122091153_checks_fewer_indexes',
    '20261123141628_http_secrets',
    '20261124071359_web_users',
    '20261124071829_alert_floods',
    '20261124072012_healthchecks_compat',
    '20261124074152_project_badge_keys',
    '20261124075046_telegram_link_expiry',
    '20261124140000_flips_handed_from_postgres',
    '20261124144401_status_pages',
    '20261124152347_min_run_time',
    '20261124190300_check_dependencies',
    '20261124210100_maintenance_windows',
    '20261124210200_acknowledgement_escalation',
    '20261124210400_uptime_rollups',
    '20261124220000_flip_follower_indexes',
    '20261126232926_healthchecks_post_only_and_grace',
    '20261126233356_probe_kinds',
    '20261126233419_channel_kinds',
    '20261127031049_check_locations',
    '20261127031115_private_locations',
    '20261127032629_audit_log',
    '20261127034802_two_factor',
    '20261127045556_security_keys',
    '20261127065101_delivery_flip_integration_index',
    '20261127095629_check_children_by_statement',
    '20261127114229_check_children_delete_plan',
    '20261202070219_sso',
  ].map((name) => [name, BEFORE_THE_RULE]),
);
/**
 * Written the same day as the rule, in parallel with it, and merged before it: each is one
 * catalog-only ALTER (a column without a rewrite) under a session lock_timeout, atomic on its own,
 * so the retry of scripts/migrate.mjs is safe for it. Left as written: an installation may have
 * applied it, and an edited migration no longer matches its recorded checksum.
 */
const ALONGSIDE_THE_RULE = 'one catalog-only ALTER under a session lock_timeout, merged before the rule (issue 37)';
for (const name of ['20261202125048_second_step_attempts', '20261202130000_flip_cause', '20261202130718_session_authenticated_at'])
  GRANDFATHERED.set(name, ALONGSIDE_THE_RULE);

/** Statements of a script as the migration runner sends them (it splits at every semicolon). */
function statementsOf(sql) {
  return sql
    .split(';')
    .map((chunk) => {
      const lines = chunk.split('\n');
      const comments = lines.filter((l) => l.trim().startsWith('--')).join('\n');
      const allowed = new Set([...comments.matchAll(/--\s*migration-rules:\s*allow\s+([a-z-]+)\s*:\s*\S/g)].map((m) => m[1]));
      const text = lines
        .filter((l) => !l.trim().startsWith('--'))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      return { text, allowed };
    })
    .filter((s) => s.text !== '');
}

const IDENT = String.raw`((?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?)`;
const tableName = (raw) =>
  raw
    .replace(/"/g, '')
    .toLowerCase()
    .replace(/^public\./, '');
const match = (text, re) => {
  const m = new RegExp(re, 'i').exec(text);
  return m ? tableName(m[1]) : null;
};
const createdTable = (t) => match(t, String.raw`^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?${IDENT}`);
const alteredTable = (t) => match(t, String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${IDENT}`);
const indexedTable = (t) => match(t, String.raw`^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?(?:\S+ )?ON (?:ONLY )?${IDENT}`);

/** The index named by CREATE/DROP INDEX CONCURRENTLY (without its schema), or null. */
const concurrentIndex = (t, verb) => match(t, String.raw`^${verb} (?:UNIQUE )?INDEX CONCURRENTLY (?:IF (?:NOT )?EXISTS )?${IDENT}`);

/** Statements allowed outside a transaction: they take no lock that blocks writes. */
const CONCURRENT_ONLY = [
  /^CREATE (UNIQUE )?INDEX CONCURRENTLY /i,
  /^DROP INDEX CONCURRENTLY IF EXISTS /i,
  /^REINDEX (INDEX|TABLE) CONCURRENTLY /i,
  /^ALTER TABLE (ONLY )?\S+ VALIDATE CONSTRAINT /i,
];

function lockTimeoutMs(text) {
  const m = /^SET LOCAL lock_timeout\s*(?:=|TO)\s*'?(\d+)\s*(ms|s)?'?$/i.exec(text);
  if (!m) return null;
  return Number(m[1]) * (m[2]?.toLowerCase() === 's' ? 1000 : 1);
}

/**
 * What a statement run inside a migration's transaction does that blocks pings for longer than
 * the lock timeout, on a table that existed before the migration: [rule, advice] or null.
 */
function blockingOnExistingTable(text) {
  if (/^CREATE (UNIQUE )?INDEX /i.test(text))
    return ['index-not-concurrent', 'build the index with CREATE INDEX CONCURRENTLY in a migration of its own (no BEGIN)'];
  if (/ ADD (CONSTRAINT \S+ )?(FOREIGN KEY|CHECK)\b/i.test(text) && !/ NOT VALID\b/i.test(text))
    return ['constraint-not-valid', 'add the constraint NOT VALID, then VALIDATE CONSTRAINT in a later migration'];
  if (/ ADD (CONSTRAINT \S+ )?(UNIQUE|PRIMARY KEY|EXCLUDE)\b/i.test(text) && !/ USING INDEX\b/i.test(text))
    return ['constraint-builds-index', 'build a unique index CONCURRENTLY first, then ADD CONSTRAINT … USING INDEX'];
  if (/ ALTER (COLUMN )?\S+ (SET DATA )?TYPE\b/i.test(text))
    return ['rewrites-table', 'a type change rewrites the table: add a new column and backfill it in batches'];
  if (/ ALTER (COLUMN )?\S+ SET NOT NULL\b/i.test(text))
    return ['rewrites-table', 'SET NOT NULL scans the table: add CHECK (col IS NOT NULL) NOT VALID, VALIDATE it, then SET NOT NULL with an allow comment'];
  if (/ ADD (COLUMN )?.* DEFAULT .*\b(gen_random_uuid|random|clock_timestamp|uuid_generate_v\d|nextval)\s*\(/i.test(text))
    return ['rewrites-table', 'a volatile default rewrites the table: add the column without it, backfill in batches, then set the default'];
  return null;
}

function checkTransactional(statements, problem) {
  const body = statements.slice(1, -1);
  const timeout = body[0] ? lockTimeoutMs(body[0].text) : null;
  if (timeout === null) problem('lock-timeout', `the statement after BEGIN must be SET LOCAL lock_timeout = '${MAX_LOCK_TIMEOUT_MS}ms' (or less)`);
  else if (timeout === 0 || timeout > MAX_LOCK_TIMEOUT_MS) problem('lock-timeout', `lock_timeout ${timeout} ms: at most ${MAX_LOCK_TIMEOUT_MS} ms, never 0`);
  const created = new Set();
  for (const s of body) {
    const { text } = s;
    const flag = (rule, advice) => {
      if (!s.allowed.has(rule)) problem(rule, `${advice}: ${text.slice(0, 120)}`);
    };
    if (/^(BEGIN|COMMIT|ROLLBACK|START TRANSACTION|END)\b/i.test(text)) flag('transaction', 'one BEGIN first and one COMMIT last only');
    if (/\bCONCURRENTLY\b/i.test(text)) flag('transaction', 'CONCURRENTLY cannot run in a transaction: put it in a migration of its own, without BEGIN');
    if (/^SET (SESSION )?lock_timeout\b/i.test(text)) flag('lock-timeout', 'use SET LOCAL: a session setting leaks into the migrations after this one');
    if (/^DROP INDEX\b/i.test(text)) flag('index-not-concurrent', 'drop the index with DROP INDEX CONCURRENTLY IF EXISTS in a migration of its own');
    if (/^(VACUUM FULL|CLUSTER|REINDEX|REFRESH MATERIALIZED VIEW)\b/i.test(text)) flag('rewrites-table', 'rewrites or locks a whole table');
    if (/^LOCK\b/i.test(text)) flag('lock-table', 'an explicit table lock blocks pings for the rest of the migration');
    const made = createdTable(text);
    if (made) created.add(made);
    const table = alteredTable(text) ?? indexedTable(text) ?? match(text, String.raw`^(?:UPDATE (?:ONLY )?|DELETE FROM (?:ONLY )?)${IDENT}`);
    if (!table || created.has(table)) continue;
    if (/^(UPDATE|DELETE)\b/i.test(text)) flag('writes-rows', 'rows of an existing table stay locked until COMMIT: backfill in batches outside migrations');
    const blocking = blockingOnExistingTable(text);
    if (blocking) flag(...blocking);
  }
}

function checkConcurrent(statements, problem) {
  const dropped = new Set();
  for (const s of statements) {
    const { text } = s;
    if (!CONCURRENT_ONLY.some((re) => re.test(text))) {
      if (s.allowed.has('transaction')) continue;
      problem(
        'transaction',
        `start with BEGIN and SET LOCAL lock_timeout, end with COMMIT (outside a transaction only CREATE/DROP INDEX CONCURRENTLY and VALIDATE CONSTRAINT may run): ${text.slice(0, 120)}`,
      );
      return;
    }
    const drop = concurrentIndex(text, 'DROP');
    if (drop) dropped.add(drop.split('.').pop());
    const create = concurrentIndex(text, 'CREATE');
    if (create && !dropped.has(create.split('.').pop()) && !s.allowed.has('rerun'))
      problem('rerun', `precede it with DROP INDEX CONCURRENTLY IF EXISTS ${create}: a build that failed leaves an invalid index the retry must replace`);
  }
}

/** Problems of one migration's SQL: `{ rule, message }[]`. */
function checkMigration(sql) {
  const problems = [];
  const problem = (rule, message) => problems.push({ rule, message });
  const statements = statementsOf(sql);
  if (statements.length === 0) return problems;
  const first = statements[0].text;
  const last = statements[statements.length - 1].text;
  if (/^(BEGIN|START TRANSACTION)$/i.test(first)) {
    if (!/^(COMMIT|END)$/i.test(last)) problem('transaction', 'a migration that starts with BEGIN ends with COMMIT');
    checkTransactional(statements, problem);
  } else {
    checkConcurrent(statements, problem);
  }
  return problems;
}

{
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.resolve(process.argv[2] ?? path.join(here, '../prisma/migrations'));
  const failures = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || GRANDFATHERED.has(entry.name)) continue;
    const file = path.join(dir, entry.name, 'migration.sql');
    if (!existsSync(file)) continue;
    for (const p of checkMigration(readFileSync(file, 'utf8'))) failures.push(`${entry.name}: [${p.rule}] ${p.message}`);
  }
  if (failures.length > 0) {
    console.error(`Migrations must not block pings (docs/database.md, "Migrations under traffic"):\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
}
