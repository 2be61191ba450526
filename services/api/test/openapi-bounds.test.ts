import {
  ApiError,
  parseListQuery,
  validateCheckInput,
  validateIntegrationInput,
  validateMaintenanceInput,
  validateStatusPageInput,
  type FieldErrors,
  type JsonSchema,
} from '@upmon/domain';
import { isProbedKind, type ProbedKind } from '@upmon/core';
import { PROBE_KINDS } from '@upmon/probes';
import { OPENAPI_DOCUMENT } from '../src/v1/openapi/document.js';

// Every bound the OpenAPI document states for a request body or query parameter (maxLength,
// minLength, maximum, minimum, maxItems, minItems, enum) is the one the validator enforces: a value
// at the bound is not refused for it, a value one past it is refused at that field. The document
// derives these schemas from the validators' joi definitions (apiInputSchemas); this holds the
// derivation to what is enforced.

type Body = Record<string, unknown>;
const NOW = new Date('2026-11-26T12:00:00Z');
const UUID = '5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10';
const schemas = OPENAPI_DOCUMENT.components.schemas as unknown as Record<string, JsonSchema>;

/** A valid config of each probed kind: its sample (tcp with TLS: its sni and ssl_days_before need it). */
const probeConfig = (kind: ProbedKind): Body => ({ ...PROBE_KINDS[kind].sampleConfig, ...(kind === 'tcp' ? { tls: true } : {}) });

/** Per input: its validator, and a valid body for a field path (some fields need a kind first). */
const INPUTS: Record<string, { validate: (body: Body) => unknown; base: (path: string) => Body }> = {
  CheckInput: {
    validate: (b) => validateCheckInput(b),
    base: (path) => {
      const check: Body = { name: 'n', grace_sec: 60, schedule: { kind: 'period', period_sec: 60 } };
      const probed = /^([a-z]+)_config/.exec(path)?.[1];
      if (probed && isProbedKind(probed)) return { ...check, kind: probed, [`${probed}_config`]: probeConfig(probed) };
      if (path.startsWith('schedule.cron')) return { ...check, schedule: { kind: 'cron', cron: '* * * * *' } };
      if (path.startsWith('schedule.oncalendar')) return { ...check, schedule: { kind: 'oncalendar', oncalendar: 'daily' } };
      return check;
    },
  },
  IntegrationInput: {
    validate: (b) => validateIntegrationInput(b),
    base: () => ({ kind: 'telegram', name: 'n', events: ['down'] }),
  },
  MaintenanceInput: {
    validate: (b) => validateMaintenanceInput(b, NOW),
    base: (path) => (path === 'schedule' || path === 'tz' ? { schedule: '0 2 * * *', duration_min: 30 } : { duration_min: 30 }),
  },
  StatusPageInput: {
    validate: (b) => validateStatusPageInput(b),
    base: () => ({ title: 't', groups: [{ name: 'g', checks: [UUID] }] }),
  },
  ListQuery: {
    validate: (b) => parseListQuery(b),
    base: () => ({}),
  },
};

function resolve(s: JsonSchema): JsonSchema {
  const ref = s.$ref as string | undefined;
  return ref ? { ...resolve(schemas[ref.split('/').pop()!]!), ...s, $ref: undefined } : s;
}

interface Bound {
  input: string;
  /** Dotted path of the value the bound is on; `.0` for an array's items. */
  path: string;
  /** Kind of the integration whose config this is (the config schema's title). */
  kind?: string;
  rule: string;
  ok: unknown;
  past: unknown;
}

const typesOf = (s: JsonSchema): string[] => [s.type ?? []].flat() as string[];

function sample(s: JsonSchema, i: number): unknown {
  if (typesOf(s).includes('integer')) return ((s.minimum as number) ?? 1) + i;
  if (s.format === 'uuid') return UUID.slice(0, -2) + String(i).padStart(2, '0');
  if (s.enum) return (s.enum as unknown[])[i % (s.enum as unknown[]).length];
  return `v${i}`;
}

/** The bounds of one schema node and everything under it. */
function boundsOf(input: string, path: string, node: JsonSchema, kind?: string): Bound[] {
  const s = resolve(node);
  const out: Bound[] = [];
  const add = (rule: string, ok: unknown, past: unknown) => out.push({ input, path, rule, ok, past, ...(kind ? { kind } : {}) });
  const types = typesOf(s);
  if (typeof s.maxLength === 'number') add(`maxLength ${s.maxLength}`, 'a'.repeat(s.maxLength), 'a'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) add(`minLength ${s.minLength}`, 'a'.repeat(s.minLength), 'a'.repeat(s.minLength - 1));
  if (typeof s.maximum === 'number') add(`maximum ${s.maximum}`, s.maximum, s.maximum + 1);
  if (typeof s.minimum === 'number') add(`minimum ${s.minimum}`, s.minimum, s.minimum - 1);
  if (Array.isArray(s.enum)) for (const v of s.enum) add(`enum ${JSON.stringify(v)}`, v, 'not-a-member');
  if (types.includes('array')) {
    const items = (s.items ?? {}) as JsonSchema;
    const list = (n: number) => Array.from({ length: n }, (_, i) => sample(resolve(items), i));
    if (typeof s.maxItems === 'number') add(`maxItems ${s.maxItems}`, list(s.maxItems), list(s.maxItems + 1));
    if (typeof s.minItems === 'number' && s.minItems > 0) add(`minItems ${s.minItems}`, list(s.minItems), list(s.minItems - 1));
    out.push(...boundsOf(input, `${path}.0`, items, kind));
  }
  if (types.includes('object')) {
    const value = typeof s.additionalProperties === 'object' ? sample(resolve(s.additionalProperties as JsonSchema), 0) : 'v';
    const map = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, value]));
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
    if (typeof s.maxProperties === 'number') add(`maxProperties ${s.maxProperties}`, map(keys(s.maxProperties)), map(keys(s.maxProperties + 1)));
    // A key's own bounds: a map with one key at the bound, and one past it.
    for (const k of boundsOf(input, '', (s.propertyNames ?? {}) as JsonSchema)) add(`key ${k.rule}`, map([k.ok as string]), map([k.past as string]));
    if (typeof s.additionalProperties === 'object') out.push(...boundsOf(input, `${path}.X-Key`, s.additionalProperties as JsonSchema, kind));
  }
  for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
    out.push(...boundsOf(input, path ? `${path}.${key}` : key, child, kind));
  }
  for (const branch of (s.anyOf ?? []) as JsonSchema[]) out.push(...boundsOf(input, path, branch, (branch.title as string) ?? kind));
  return out;
}

/** A copy of `body` with `value` at `path` (arrays along the way get one element). */
function withValue(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((k, i) => {
    const next = keys[i + 1]!;
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = /^\d+$/.test(next) ? [] : {};
    else at[k] = structuredClone(at[k]);
    at = at[k] as Record<string, unknown>;
  });
  at[keys.at(-1)!] = value;
  return copy;
}

function errorsOf(validate: () => unknown): FieldErrors {
  try {
    validate();
    return {};
  } catch (err) {
    if (err instanceof ApiError && err.options.errors) return err.options.errors;
    throw err;
  }
}

const BOUND_MESSAGE = /less than or equal to|greater than or equal to|at least|not allowed to be empty|must be one of|must contain/;

const listQuery: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    (OPENAPI_DOCUMENT.paths['/checks/{uuid}/pings'].get.parameters as unknown as { name: string; schema: JsonSchema }[]).map((p) => [p.name, p.schema]),
  ),
};
const BOUNDS = [
  ...['CheckInput', 'IntegrationInput', 'MaintenanceInput', 'StatusPageInput'].flatMap((name) => boundsOf(name, '', schemas[name]!)),
  ...boundsOf('ListQuery', '', listQuery),
];

test('the document states bounds for every input (the walk finds them)', () => {
  const paths = new Set(BOUNDS.map((b) => `${b.input} ${b.path}`));
  for (const p of [
    'CheckInput name',
    'CheckInput tags.0',
    'CheckInput http_config.headers',
    'IntegrationInput config.url',
    'StatusPageInput groups.0.checks',
  ]) {
    expect([...paths].some((x) => x.startsWith(p))).toBe(true);
  }
  expect(BOUNDS.length).toBeGreaterThan(80);
});

describe.each(BOUNDS.map((b) => [`${b.input} ${b.kind ? `(${b.kind}) ` : ''}${b.path} ${b.rule}`, b] as const))('%s', (_name, b) => {
  const { validate, base } = INPUTS[b.input]!;
  const body = (value: unknown): Body => {
    const start = b.kind ? { ...base(b.path), kind: b.kind } : base(b.path);
    return withValue(start, b.path, value);
  };

  test('at the bound: not refused for it', () => {
    const errors = errorsOf(() => validate(body(b.ok)));
    const messages = Object.entries(errors).flatMap(([field, list]) => (field === b.path || field.startsWith(`${b.path}.`) ? list : []));
    expect(messages.filter((m) => BOUND_MESSAGE.test(m))).toEqual([]);
  });

  test('one past the bound: refused at the field', () => {
    const errors = errorsOf(() => validate(body(b.past)));
    const atField = Object.entries(errors).filter(([field]) => field === b.path || field.startsWith(`${b.path}.`));
    expect(atField).not.toEqual([]);
  });
});
