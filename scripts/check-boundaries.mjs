#!/usr/bin/env node
// Enforces the workspace boundaries (docs/architecture.md): services never import each other,
// nobody deep-imports another package's src/, packages never read process.env, a package imports
// only its own layer or those below it (LAYERS) and says so in its README, and nothing but @upmon/check-store writes check
// state, flips or pings (in SQL or through Prisma), in services and packages alike: it is their one
// writer. `node scripts/check-boundaries.mjs [root]` checks the workspace at root (default: this
// repository; scripts/test/check-boundaries.test.ts checks scratch workspaces).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const problems = [];

/**
 * The layers of docs/architecture.md ("Where a new feature's code goes"), from the inside out:
 * core < libraries < stores (check-store, user-store) < domain < adapters < services. A package's sources and its
 * package.json dependencies may name packages of its own layer or lower ones, never a higher one.
 * Every package must be listed (a new one fails until it is given a layer); @upmon/testing is test
 * support, imported by tests only, and sits outside the order.
 */
const LAYERS = [
  { name: 'core', packages: ['core'] },
  {
    name: 'libraries',
    packages: ['batching', 'bounded-joi', 'channels', 'config', 'crypto', 'db', 'logger', 'mailer', 'metrics', 'outbound', 'probes', 'queue', 'service-kit'],
  },
  { name: 'stores', packages: ['check-store', 'user-store'] },
  { name: 'domain', packages: ['domain'] },
  { name: 'adapters', packages: ['admin-cli', 'cli', 'healthchecks', 'web'] },
  { name: 'services', packages: [] }, // every folder of services/
];
const TEST_SUPPORT = 'testing';

/** The layer index of a workspace folder (`packages/web`, `services/api`), or undefined if unlisted. */
function layerOf(group, name) {
  if (group === 'services') return LAYERS.length - 1;
  const i = LAYERS.findIndex((l) => l.packages.includes(name));
  return i < 0 ? undefined : i;
}

/** `@upmon/<name>` → the workspace folder that publishes it, from the package.json files. */
function workspacePackages() {
  const byName = new Map();
  for (const group of ['services', 'packages']) {
    const dir = path.join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const manifest = path.join(dir, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      byName.set(pkg.name, { group, name, pkg });
    }
  }
  return byName;
}
const packages = workspacePackages();

/** A problem when folder `from` may not depend on `spec` by the layer order, else undefined. */
function layerProblem(from, spec) {
  const target = packages.get(spec.match(/^@upmon\/[^/]+/)?.[0] ?? '');
  if (!target || target.group === 'services' || (target.group === from.group && target.name === from.name)) return undefined;
  const fromLayer = layerOf(from.group, from.name);
  if (target.name === TEST_SUPPORT) return `${spec} is test support: only tests import it`;
  const toLayer = layerOf(target.group, target.name);
  if (fromLayer === undefined || toLayer === undefined) return undefined; // reported once per package below
  if (toLayer > fromLayer) return `${spec} is in layer ${LAYERS[toLayer].name}, above ${LAYERS[fromLayer].name} (docs/architecture.md)`;
  return undefined;
}

for (const { group, name, pkg } of packages.values()) {
  if (name === TEST_SUPPORT || pkg.name === 'upmon') continue;
  if (layerOf(group, name) === undefined) {
    problems.push(`${group}/${name}: not in any layer (add it to LAYERS in scripts/check-boundaries.mjs and to docs/architecture.md)`);
    continue;
  }
  // Each package's README says what it holds and, naming its layer, what it may import.
  const readme = path.join(root, group, name, 'README.md');
  const layer = LAYERS[layerOf(group, name)].name;
  if (!existsSync(readme)) problems.push(`${group}/${name}: no README.md (what it holds, its layer and what it may import)`);
  else if (!readFileSync(readme, 'utf8').includes(`Layer **${layer}**`))
    problems.push(`${group}/${name}/README.md: does not name its layer ("Layer **${layer}**")`);
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    const why = layerProblem({ group, name }, dep);
    if (why) problems.push(`${group}/${name}/package.json: depends on ${why}`);
  }
}

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
    if (!existsSync(src)) continue;
    const list = [...files(src)];
    for (const file of list) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      const isTest = /\.test\.tsx?$/.test(file);
      for (const m of text.matchAll(/from\s+'([^']+)'/g)) {
        const spec = m[1];
        if (/^@upmon\/(api|scheduler|prober|notifier)$/.test(spec)) problems.push(`${rel}: imports service ${spec}`);
        if (/^@upmon\/[^/]+\/src/.test(spec) || /\.\.\/\.\.\/(packages|services)\//.test(spec)) problems.push(`${rel}: deep import ${spec}`);
        const why = !isTest && name !== TEST_SUPPORT ? layerProblem({ group, name }, spec) : undefined;
        if (why) problems.push(`${rel}: imports ${why}`);
      }
      if (!isTest && !(group === 'packages' && (name === 'check-store' || name === 'testing'))) {
        for (const w of stateWrites(text)) problems.push(`${rel}: writes ${w} (check state, flips and pings are written by @upmon/check-store)`);
      }
      // The two command-line programs are processes' entry points: their main.ts reads the environment.
      if (group === 'packages' && !isTest && name !== 'testing' && name !== 'admin-cli' && name !== 'cli' && /process\.env/.test(text)) {
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
