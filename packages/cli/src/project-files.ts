import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { validateFileSchema, type SchemaProblem } from './file-schema.js';

/** Largest file read (a project of thousands of checks is a few megabytes). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** A credential's reference to an environment variable: the whole string is `${NAME}`. */
export const ENV_REF = /^\$\{([A-Za-z_][A-Za-z0-9_]{0,127})\}$/;

/** What the files describe: resources by key, secrets taken from the environment. */
export interface DesiredProject {
  checks: Record<string, Record<string, unknown>>;
  integrations: Record<string, Record<string, unknown>>;
}

export interface Place {
  file: string;
  line: number;
  column: number;
}

/** A problem in the files, where it is and which field (dotted: `checks.api.grace_sec`). */
export interface FileProblem extends Place {
  field?: string;
  message: string;
}

export class FileProblems extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'FileProblems';
  }
}

export function formatProblem(p: FileProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.field ? `${p.field}: ` : ''}${p.message}`;
}

const TYPES = ['checks', 'integrations'] as const;

interface Source {
  file: string;
  doc: Document;
  lines: LineCounter;
  data: Partial<Record<(typeof TYPES)[number], Record<string, Record<string, unknown>>>>;
}

export interface LoadedProject {
  desired: DesiredProject;
  /** Where a field (dotted, as the API's validation errors name it) is written, as near as the files say. */
  placeOf(field: string): Place | undefined;
}

/** The YAML files a path names: itself, or the .yaml/.yml files under a directory, sorted. */
function yamlFiles(p: string): string[] {
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? yamlFiles(path.join(p, e.name)) : /\.ya?ml$/.test(e.name) ? [path.join(p, e.name)] : []));
}

const segments = (field: string): (string | number)[] => field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** The node of `field` in a document, or of its deepest written ancestor. */
function nodeAt(doc: Document, field: (string | number)[]): Node | undefined {
  for (let n = field.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : (doc.getIn(field.slice(0, n), true) as Node | undefined);
    if (node && typeof node === 'object' && 'range' in node && node.range) return node;
  }
  return undefined;
}

/** The key node of `name` in the map at `parent` (where an unknown field is written). */
function keyNodeAt(doc: Document, parent: (string | number)[], name: string): Node | undefined {
  const map = parent.length === 0 ? doc.contents : doc.getIn(parent, true);
  if (!isMap(map)) return undefined;
  const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === name);
  return pair && isScalar(pair.key) ? pair.key : undefined;
}

function placeIn(src: Source, node: Node | undefined): Place {
  const { line, col } = src.lines.linePos(node?.range?.[0] ?? 0);
  return { file: src.file, line, column: col };
}

function schemaProblem(src: Source, p: SchemaProblem): FileProblem {
  const node = p.unknownField ? keyNodeAt(src.doc, segments(p.parent), p.unknownField) : nodeAt(src.doc, segments(p.field));
  return { ...placeIn(src, node), field: p.field, message: p.message };
}

/** Replaces `${NAME}` strings with the environment's values; an unset variable is a problem at its place. */
function withEnvironment(v: unknown, field: string, env: Record<string, string | undefined>, missing: (field: string, name: string) => void): unknown {
  if (typeof v === 'string') {
    const m = ENV_REF.exec(v);
    if (!m) return v;
    const value = env[m[1]!];
    if (value === undefined) missing(field, m[1]!);
    return value ?? '';
  }
  if (Array.isArray(v)) return v.map((x, i) => withEnvironment(x, `${field}.${i}`, env, missing));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withEnvironment(x, `${field}.${k}`, env, missing)]));
  return v;
}

/**
 * Reads a project from YAML files and directories (relative to `cwd`, and so named in problems) (docs/monitoring-as-code.md, "Files"): each file
 * parsed with its line numbers and validated against the published JSON Schema; the files merged
 * (a key defined twice is a problem); references between resources checked; credentials taken from
 * the environment. Throws FileProblems listing every problem with its file, line and field.
 */
export function loadProject(paths: readonly string[], env: Record<string, string | undefined>, cwd: string): LoadedProject {
  const problems: FileProblem[] = [];
  const sources: Source[] = [];
  for (const file of paths.flatMap((p) => yamlFiles(path.resolve(cwd, p))).map((f) => path.relative(cwd, f))) {
    const size = statSync(path.resolve(cwd, file)).size;
    if (size > MAX_FILE_BYTES) {
      problems.push({ file, line: 1, column: 1, message: `file is larger than ${MAX_FILE_BYTES} bytes` });
      continue;
    }
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(path.resolve(cwd, file), 'utf8'), { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
    const src: Source = { file, doc, lines, data: {} };
    if (doc.errors.length > 0) {
      for (const e of doc.errors)
        problems.push({
          file,
          line: e.linePos?.[0].line ?? 1,
          column: e.linePos?.[0].col ?? 1,
          message: e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''),
        });
      continue;
    }
    src.data = (doc.toJS() ?? {}) as Source['data'];
    for (const p of validateFileSchema(src.data)) problems.push(schemaProblem(src, p));
    sources.push(src);
  }
  if (problems.length > 0) throw new FileProblems(problems);

  const desired: DesiredProject = { checks: {}, integrations: {} };
  const owner = new Map<string, Source>();
  for (const src of sources) {
    const data = src.data;
    for (const type of TYPES) {
      for (const [key, body] of Object.entries(data[type] ?? {})) {
        const first = owner.get(`${type}.${key}`);
        if (first) {
          const at = placeIn(first, keyNodeAt(first.doc, [type], key));
          problems.push({
            ...placeIn(src, keyNodeAt(src.doc, [type], key)),
            field: `${type}.${key}`,
            message: `duplicate key: also defined at ${at.file}:${at.line}`,
          });
          continue;
        }
        owner.set(`${type}.${key}`, src);
        desired[type][key] = body;
      }
    }
  }
  const placeOf = (field: string): Place | undefined => {
    const [type, key] = field.split('.');
    const src = owner.get(`${type}.${key}`);
    return src ? placeIn(src, nodeAt(src.doc, segments(field))) : undefined;
  };
  const problemAt = (field: string, message: string) => problems.push({ ...(placeOf(field) ?? { file: '-', line: 1, column: 1 }), field, message });

  for (const [key, check] of Object.entries(desired.checks)) {
    for (const [field, type] of [
      ['depends_on', 'checks'],
      ['integrations', 'integrations'],
    ] as const) {
      const refs = check[field];
      if (!Array.isArray(refs)) continue;
      refs.forEach((ref, i) => {
        if (desired[type][String(ref)] === undefined)
          problemAt(`checks.${key}.${field}.${i}`, `no ${type === 'checks' ? 'check' : 'integration'} with key "${String(ref)}" in the files`);
      });
    }
  }
  const resolved = withEnvironment(desired, '', env, (field, name) => problemAt(field.slice(1), `environment variable ${name} is not set`)) as DesiredProject;
  if (problems.length > 0) throw new FileProblems(problems);
  return { desired: resolved, placeOf };
}
