import Joi from 'joi';

/**
 * A queue payload declared once: from one field spec come its TypeScript type (`PayloadOf`), a
 * Joi schema (the definition of what is valid: it gives the error, and converts forms such as an
 * ISO instant with an offset) and a fast check that accepts exactly the payloads the schema
 * accepts unchanged, in their common shape (what our producers write). Joi cost a notable share
 * of the workers' CPU per job (every payload is validated at enqueue and again by the worker), so
 * validation tries the fast check first. Unknown keys are allowed everywhere (a newer producer may
 * add optional fields).
 */
export type FieldSpec =
  /** bigint as a decimal string */
  | { kind: 'id' }
  | { kind: 'uuid' }
  /** an instant as an ISO 8601 string */
  | { kind: 'instant' }
  | { kind: 'positiveInt' }
  | { kind: 'boolean' }
  | { kind: 'oneOf'; values: readonly string[] }
  /** a non-empty string matching `re` */
  | { kind: 'text'; re: RegExp }
  | { kind: 'list'; of: FieldSpec; min?: number; max?: number }
  | { kind: 'object'; fields: Fields; rules?: ObjectRules };

/** A field spec, optional or not (required by default). */
export type Field = FieldSpec & { optional?: true };
export type Fields = Readonly<Record<string, Field>>;

/** Joi's object rules between optional keys: `xor`: exactly one present; `and`: all or none. */
export interface ObjectRules {
  xor?: readonly string[];
  and?: readonly string[];
}

export const id = () => ({ kind: 'id' }) as const;
export const uuid = () => ({ kind: 'uuid' }) as const;
export const instant = () => ({ kind: 'instant' }) as const;
export const positiveInt = () => ({ kind: 'positiveInt' }) as const;
export const boolean = () => ({ kind: 'boolean' }) as const;
export const oneOf = <const V extends readonly string[]>(...values: V) => ({ kind: 'oneOf', values }) as const;
export const text = (re: RegExp) => ({ kind: 'text', re }) as const;
export const list = <const F extends FieldSpec>(of: F, bounds: { min?: number; max?: number } = {}) => ({ kind: 'list', of, ...bounds }) as const;
export const object = <const F extends Fields>(fields: F, rules?: ObjectRules) => ({ kind: 'object', fields, ...(rules ? { rules } : {}) }) as const;
export const optional = <const F extends FieldSpec>(field: F) => ({ ...field, optional: true }) as const;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The TypeScript type of a field. */
export type TypeOf<F> = F extends { kind: 'id' | 'uuid' | 'instant' | 'text' }
  ? string
  : F extends { kind: 'positiveInt' }
    ? number
    : F extends { kind: 'boolean' }
      ? boolean
      : F extends { kind: 'oneOf'; values: readonly (infer V)[] }
        ? V
        : F extends { kind: 'list'; of: infer O }
          ? TypeOf<O>[]
          : F extends { kind: 'object'; fields: infer Fs extends Fields }
            ? PayloadOf<Fs>
            : never;

/** The TypeScript type of an object's fields. */
export type PayloadOf<Fs extends Fields> = Simplify<
  { -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? never : K]: TypeOf<Fs[K]> } & {
    -readonly [K in keyof Fs as Fs[K] extends { optional: true } ? K : never]?: TypeOf<Fs[K]>;
  }
>;

/** The Joi schema a field spec stands for. */
export function joiOf(field: Field): Joi.Schema {
  const schema = baseJoi(field);
  return field.optional ? schema : schema.required();
}

function baseJoi(field: FieldSpec): Joi.Schema {
  switch (field.kind) {
    case 'id':
      return Joi.string().pattern(ID_RE);
    case 'uuid':
      return Joi.string().guid();
    case 'instant':
      return Joi.string().isoDate();
    case 'positiveInt':
      return Joi.number().integer().positive();
    case 'boolean':
      return Joi.boolean();
    case 'oneOf':
      return Joi.string().valid(...field.values);
    case 'text':
      return Joi.string().pattern(field.re);
    case 'list': {
      // Not `.required()`: a required item would make the array need at least one such item.
      let schema = Joi.array().items(baseJoi(field.of));
      if (field.min !== undefined) schema = schema.min(field.min);
      if (field.max !== undefined) schema = schema.max(field.max);
      return schema;
    }
    case 'object': {
      let schema = Joi.object(Object.fromEntries(Object.entries(field.fields).map(([k, f]) => [k, joiOf(f)]))).unknown(true);
      if (field.rules?.xor) schema = schema.xor(...field.rules.xor);
      if (field.rules?.and) schema = schema.and(...field.rules.and);
      return schema;
    }
  }
}

// The fast checks' counterparts of Joi's rules, each true only where Joi accepts the value
// unchanged (the canonical 8-4-4-4-12 form is one of those Joi's guid() accepts).
const ID_RE = /^\d+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * An instant exactly as `Date#toISOString` writes it (what our producers send): Joi's isoDate()
 * accepts it and, converting it to `toISOString()` again, leaves it unchanged. Other ISO forms
 * (no milliseconds, an offset, a rolled-over day) are left to the schema, which normalises them.
 */
const CANONICAL_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isCanonicalInstant(v: unknown): boolean {
  if (typeof v !== 'string' || !CANONICAL_INSTANT_RE.test(v)) return false;
  const t = Date.parse(v); // NaN for a month 13 or hour 25: toISOString would throw
  return !Number.isNaN(t) && new Date(t).toISOString() === v;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Compiles the fast check of a field: true only for values the field's schema accepts unchanged. */
export function fastCheckOf(field: FieldSpec): (v: unknown) => boolean {
  switch (field.kind) {
    case 'id':
      return (v) => typeof v === 'string' && ID_RE.test(v);
    case 'uuid':
      return (v) => typeof v === 'string' && UUID_RE.test(v);
    case 'instant':
      return isCanonicalInstant;
    case 'positiveInt':
      return (v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'oneOf': {
      const values: ReadonlySet<unknown> = new Set(field.values);
      return (v) => values.has(v);
    }
    case 'text': {
      const re = field.re;
      return (v) => typeof v === 'string' && v.length > 0 && re.test(v);
    }
    case 'list': {
      const item = fastCheckOf(field.of);
      const [min, max] = [field.min ?? 0, field.max ?? Infinity];
      return (v) => {
        if (!Array.isArray(v) || v.length < min || v.length > max) return false;
        // A plain loop: `every` would skip the holes of a sparse array, which Joi refuses.
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
        return true;
      };
    }
    case 'object': {
      const checks = Object.entries(field.fields).map(([key, f]) => ({ key, optional: f.optional === true, check: fastCheckOf(f) }));
      const { xor, and } = field.rules ?? {};
      return (v) => {
        if (!isPlainObject(v)) return false;
        for (const { key, optional, check } of checks) {
          const value = v[key];
          if (value === undefined ? !optional : !check(value)) return false;
        }
        if (xor && presentKeys(v, xor) !== 1) return false;
        if (and && presentKeys(v, and) % and.length !== 0) return false; // none or all
        return true;
      };
    }
  }
}

function presentKeys(v: Record<string, unknown>, keys: readonly string[]): number {
  let n = 0;
  for (const k of keys) if (v[k] !== undefined) n++;
  return n;
}
