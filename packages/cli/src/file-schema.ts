import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The published JSON Schema of the files (schema/upmon.schema.json: editors complete and validate
 * with it). It is the CLI's own first check too, so what an editor accepts and what `validate`
 * accepts cannot differ; the API then validates values the schema cannot (time zones, cron).
 */
export const FILE_SCHEMA = JSON.parse(readFileSync(new URL('../schema/upmon.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(FILE_SCHEMA);

/** One schema failure: the field (dotted), its parent, and for an unknown field its name. */
export interface SchemaProblem {
  field: string;
  parent: string;
  unknownField?: string;
  message: string;
}

const dotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

function messageOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return 'unknown field';
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${String(p.type).replace(',', ' or ')}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'anyOf':
      return 'does not match any of the forms allowed here';
    case 'pattern':
      return String(p.pattern).startsWith('^\\$\\{')
        ? 'must be a ${VARIABLE} reference to the environment (credentials are never written in files)'
        : `must match ${String(p.pattern)}`;
    default:
      return e.message ?? 'is not valid';
  }
}

/** Every schema failure of one file's data; inside an `anyOf` only the summary (its branches' failures are noise). */
export function validateFileSchema(data: unknown): SchemaProblem[] {
  if (validate(data)) return [];
  const errors = (validate.errors ?? []).filter((e) => !e.schemaPath.includes('/anyOf/'));
  const seen = new Set<string>();
  return errors.flatMap((e) => {
    const parent = dotted(e.instancePath);
    const p = e.params as Record<string, unknown>;
    const unknownField = e.keyword === 'additionalProperties' ? String(p.additionalProperty) : undefined;
    const child = unknownField ?? (e.keyword === 'required' ? String(p.missingProperty) : undefined);
    const field = child === undefined ? parent : parent ? `${parent}.${child}` : child;
    const problem: SchemaProblem = { field, parent, message: messageOf(e), ...(unknownField ? { unknownField } : {}) };
    const id = `${field}|${problem.message}`;
    if (seen.has(id)) return [];
    seen.add(id);
    return [problem];
  });
}
