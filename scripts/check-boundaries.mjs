#!/usr/bin/env node
// Enforces the workspace boundaries (docs/architecture.md): services never import each other,
// nobody deep-imports another package's src/, packages never read process.env, and nothing but
// @upmon/check-store writes check state, flips or pings (in SQL or through Prisma), in services and
// packages alike: it is their one writer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

/** The state machine's columns of `checks` (configuration columns are the api's to edit). */
const STATE_COLUMNS =
  'status|last_ping_at|last_ping_type|last_start_at|last_start_rid|last_duration_ms|resumed_at|next_deadline_at|failure_count|n_pings|ping_window_start|ping_window_count';
/** SQL or Prisma writes of flips, pings and check state. */
const STATE_WRITES = new RegExp(
  [
    String.raw`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:flips|pings)\b`,
    String.raw`\bUPDATE\s+checks\b[^;\`]*?\bSET\b[^;\`]*?\b(?:${STATE_COLUMNS})\s*=`,
    String.raw`\.(?:flip|ping)\.(?:create|createMany|update|updateMany|upsert|delete|deleteMany)\(`,
  ].join('|'),
  'gi',
);

/** The same state columns as Prisma names them. */
const STATE_FIELDS = STATE_COLUMNS.split('|').map((c) => c.replace(/_([a-z])/g, (_m, l) => l.toUpperCase()));
/** Prisma calls that change existing check rows; their arguments must not name a state field. */
const PRISMA_CHECK_UPDATE = /\.check\.(?:update|updateMany|upsert)\(/g;
const STATE_FIELD_KEY = new RegExp(`\\b(?:${STATE_FIELDS.join('|')})\\s*:`);
/** `data.nextDeadlineAt = …` and the like: a state field set on an object bound for a write. */
const STATE_FIELD_ASSIGNMENT = new RegExp(`\\.(?:${STATE_FIELDS.filter((f) => f !== 'status').join('|')})\\s*=(?!=)`, 'g');

/** The text of a call's arguments: from the opening parenthesis to its match. */
function callArguments(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Writes of flips, pings or check state in a source file's text. */
function stateWrites(text) {
  const found = [...text.matchAll(STATE_WRITES)].map((m) => m[0].replace(/\s+/g, ' '));
  for (const m of text.matchAll(PRISMA_CHECK_UPDATE)) {
    const args = callArguments(text, m.index + m[0].length - 1);
    const key = args.match(STATE_FIELD_KEY);
    if (key) found.push(`${m[0]} … ${key[0]}`);
  }
  for (const m of text.matchAll(STATE_FIELD_ASSIGNMENT)) found.push(m[0]);
  return found;
}

function* files(dir) {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'dist') continue;
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) yield* files(p);
    else if ((p.endsWith('.ts') || p.endsWith('.tsx')) && !p.endsWith('.d.ts')) yield p;
  }
}

for (const group of ['services', 'packages']) {
  for (const name of readdirSync(path.join(root, group))) {
    const src = path.join(root, group, name, 'src');
    let list;
    try {
      list = [...files(src)];
    } catch {
      continue;
    }
    for (const file of list) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      const isTest = /\.test\.tsx?$/.test(file);
      for (const m of text.matchAll(/from\s+'([^']+)'/g)) {
        const spec = m[1];
        if (/^@upmon\/(api|scheduler|prober|notifier)$/.test(spec)) problems.push(`${rel}: imports service ${spec}`);
        if (/^@upmon\/[^/]+\/src/.test(spec) || /\.\.\/\.\.\/(packages|services)\//.test(spec)) problems.push(`${rel}: deep import ${spec}`);
      }
      if (!isTest && !(group === 'packages' && (name === 'check-store' || name === 'testing'))) {
        for (const w of stateWrites(text)) problems.push(`${rel}: writes ${w} (check state, flips and pings are written by @upmon/check-store)`);
      }
      if (group === 'packages' && !isTest && name !== 'testing' && name !== 'admin-cli' && /process\.env/.test(text)) {
        problems.push(`${rel}: packages must not read process.env`);
      }
    }
  }
}
if (problems.length) {
  console.error(`boundary check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('boundary check: ok');
