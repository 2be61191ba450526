#!/usr/bin/env node
// Enforces the workspace boundaries (docs/architecture.md): services never import each other,
// nobody deep-imports another package's src/, packages never read process.env, and no service
// writes check state, flips or pings itself: @upmon/check-store is their one writer.
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
      if (group === 'services' && !isTest) {
        for (const m of text.matchAll(STATE_WRITES))
          problems.push(`${rel}: writes ${m[0].replace(/\s+/g, ' ')} (check state, flips and pings are written by @upmon/check-store)`);
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
