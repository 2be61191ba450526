import type { Description, Schema } from 'joi';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = { [key: string]: unknown };

/**
 * The OpenAPI 3.1 schema of a request body defined in joi: the one definition the validators use,
 * so the document cannot state a bound that is not enforced (services/api/test/openapi-bounds.test.ts).
 * Sub-schemas given an `.id()` land in `shared` (the document's components) and are referred to.
 *
 * A small derivation over joi's own `describe()` rather than a converter package: the ones on the
 * registry render `Joi.when` as `oneOf` (which a `null` allowed by two branches fails), and drop
 * objects' key schemas and property counts, which the http headers need. It covers the joi the
 * inputs use and throws for anything else, so a new construct cannot be described wrongly.
 */
export function requestSchema(schema: Schema, shared: Record<string, JsonSchema>): JsonSchema {
  return convert(schema.describe(), shared);
}

/** The PATCH form of an input: the same fields, none required, no defaults (absent fields keep their values). */
export function patchSchema(input: JsonSchema): JsonSchema {
  const { required: _required, properties, ...rest } = input;
  const fields = Object.entries((properties ?? {}) as Record<string, JsonSchema>).map(([k, { default: _d, ...field }]) => [k, field]);
  return { ...rest, properties: Object.fromEntries(fields) };
}

type Rule = { name: string; args?: { limit?: number; regex?: string; options?: { scheme?: string | string[] } } };
type Node = Description & {
  flags?: { id?: string; description?: string; default?: unknown; presence?: string; only?: boolean; unknown?: boolean };
  rules?: Rule[];
  allow?: unknown[];
  metas?: Record<string, unknown>[];
  keys?: Record<string, Node>;
  items?: Node[];
  patterns?: { schema?: Node; rule: Node }[];
  whens?: { then?: Node; otherwise?: Node; switch?: { then?: Node; otherwise?: Node }[] }[];
};

const LIMITS: Record<string, Record<string, string>> = {
  string: { min: 'minLength', max: 'maxLength' },
  number: { min: 'minimum', max: 'maximum' },
  array: { min: 'minItems', max: 'maxItems' },
  object: { min: 'minProperties', max: 'maxProperties' },
};
const STRING_FORMATS: Record<string, string | null> = { uri: 'uri', email: 'email', guid: 'uuid', isoDate: 'date-time' };

function convert(node: Node, shared: Record<string, JsonSchema>): JsonSchema {
  const out = node.whens ? alternatives(node, shared) : typed(node, shared);
  const flags = node.flags ?? {};
  if (flags.description !== undefined) out.description = flags.description;
  for (const meta of node.metas ?? []) if (typeof meta.title === 'string') out.title = meta.title;
  const fallback = defaultOf(flags.default);
  if (flags.id === undefined) return fallback === undefined ? out : { ...out, default: fallback };
  // The default belongs to the field that refers to a shared schema, not to the schema.
  shared[flags.id] = out;
  return { $ref: `#/components/schemas/${flags.id}`, ...(fallback === undefined ? {} : { default: fallback }) };
}

/** A default as the document states it: a function of nothing (a fresh object each time) is called. */
function defaultOf(value: unknown): unknown {
  return typeof value === 'function' ? (value.length === 0 ? (value as () => unknown)() : undefined) : value;
}

/** `Joi.when` on a sibling: any of its branches; a `forbidden` branch is an absent field, which any schema allows. */
function alternatives(node: Node, shared: Record<string, JsonSchema>): JsonSchema {
  const branches: Node[] = [];
  for (const w of node.whens ?? []) {
    for (const c of w.switch ?? [w]) if (c.then) branches.push(c.then);
    const otherwise = w.otherwise ?? w.switch?.at(-1)?.otherwise;
    if (otherwise) branches.push(otherwise);
  }
  const schemas = branches.filter((b) => b.flags?.presence !== 'forbidden').map((b) => convert(b, shared));
  return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
}

function typed(node: Node, shared: Record<string, JsonSchema>): JsonSchema {
  const out: JsonSchema = {};
  const allowed = node.allow ?? [];
  const values = allowed.filter((v) => v !== null && v !== '');
  if (node.flags?.only) {
    if (values.length === 0 && allowed.includes(null)) return { const: null };
    out.enum = values;
  }
  const type = node.type === 'number' && node.rules?.some((r) => r.name === 'integer') ? 'integer' : node.type;
  if (type !== 'any') out.type = allowed.includes(null) && !node.flags?.only ? [type, 'null'] : type;
  for (const rule of node.rules ?? []) applyRule(out, node.type, rule);
  if (node.type === 'array' && node.items?.length) {
    if (node.items.length > 1) throw new Error('requestSchema: arrays of several item schemas are not described');
    out.items = convert(node.items[0]!, shared);
  }
  if (node.type === 'object') object(out, node, shared);
  if (!['any', 'string', 'number', 'boolean', 'array', 'object'].includes(node.type ?? '')) {
    throw new Error(`requestSchema: joi type ${node.type} is not described`);
  }
  return out;
}

function applyRule(out: JsonSchema, type: string | undefined, rule: Rule): void {
  const limit = LIMITS[type ?? '']?.[rule.name];
  if (limit) out[limit] = rule.args?.limit;
  else if (rule.name === 'pattern') out.pattern = rule.args?.regex?.replace(/^\/(.*)\/[a-z]*$/, '$1');
  else if (type === 'string' && rule.name in STRING_FORMATS) {
    out.format = STRING_FORMATS[rule.name];
    // A URI restricted to schemes (http and https): JSON Schema's `uri` format allows any.
    const schemes = [rule.args?.options?.scheme ?? []].flat();
    if (rule.name === 'uri' && schemes.length > 0 && out.pattern === undefined) out.pattern = `^(?:${schemes.join('|')}):`;
  } else if (rule.name === 'unique') out.uniqueItems = true;
  // `integer` is the type; `custom` rules (parsers, placeholders) have no JSON Schema form: the
  // description says what they check.
  else if (rule.name !== 'integer' && rule.name !== 'custom') throw new Error(`requestSchema: joi rule ${type}.${rule.name} is not described`);
}

function object(out: JsonSchema, node: Node, shared: Record<string, JsonSchema>): void {
  const keys = Object.entries(node.keys ?? {});
  if (keys.length > 0 || !node.patterns) {
    out.properties = Object.fromEntries(keys.map(([k, v]) => [k, convert(v, shared)]));
    const required = keys.filter(([, v]) => v.flags?.presence === 'required').map(([k]) => k);
    if (required.length > 0) out.required = required;
  }
  if (node.patterns?.length === 1 && node.patterns[0]!.schema) {
    out.propertyNames = convert(node.patterns[0]!.schema, shared);
    out.additionalProperties = convert(node.patterns[0]!.rule, shared);
  } else if (node.patterns) {
    throw new Error('requestSchema: object patterns other than one key schema are not described');
  } else if (!node.flags?.unknown) {
    out.additionalProperties = false;
  }
}
