import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/**
 * Building blocks of the response schemas (docs/api.md, "One definition per response"). Each
 * resource's response schema sits beside its presenter and is built from these: a JSON Schema for
 * the OpenAPI document and, through TypeBox's `Static`, the presenter's return type, so a field
 * the schema does not describe (or a required one left out) is a compile error in the presenter,
 * and `test/response-schemas.test.ts` holds what presenters return to the schemas at run time.
 * Objects are closed (additionalProperties: false) and require every property they list.
 */

/** A reference to a schema of the document's components. */
export const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A reference to the component `name`, typed as `schema` (which the document lists under that name). */
export const refTo = <T extends TSchema>(name: string, _schema: T, options: { description?: string } = {}) =>
  Type.Unsafe<Static<T>>({ ...componentRef(name), ...options });

/** The same, or null. */
export const nullableRefTo = <T extends TSchema>(name: string, _schema: T, options: { description?: string } = {}) =>
  Type.Unsafe<Static<T> | null>({ oneOf: [componentRef(name), { type: 'null' }], ...options });

/** A closed object: every property listed is required and no other is allowed. */
export const responseObject = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** The same, or null. */
export const nullableObject = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Unsafe<Static<TObject<P>> | null>({ ...Type.Object(properties, { additionalProperties: false }), type: ['object', 'null'], ...options });

const DATE_TIME = { type: 'string', format: 'date-time', pattern: '(\\+00:00)$' } as const;

/** An API timestamp: ISO 8601 with `+00:00` (never `Z`). */
export const dateTime = (options: { description?: string; pattern?: string } = {}) => Type.Unsafe<string>({ ...DATE_TIME, ...options });

/** The same, or null. */
export const nullableDateTime = (options: { description?: string } = {}) => Type.Unsafe<string | null>({ oneOf: [DATE_TIME, { type: 'null' }], ...options });

/** A timestamp in any offset (values computed in JavaScript and given as ISO strings). */
export const anyDateTime = () => Type.Unsafe<string>({ type: 'string', format: 'date-time' });

/** A nullable scalar: `{type: [t, 'null']}`. */
export function nullable(type: 'string', options?: Record<string, unknown>): ReturnType<typeof Type.Unsafe<string | null>>;
export function nullable(type: 'integer', options?: Record<string, unknown>): ReturnType<typeof Type.Unsafe<number | null>>;
export function nullable(type: 'string' | 'integer', options: Record<string, unknown> = {}) {
  return Type.Unsafe<string | number | null>({ type: [type, 'null'], ...options });
}

/** One of `values` (typed as a string: the presenters' sources are often plain strings; the tests hold the values). */
export const oneOfValues = (values: readonly (string | null)[], options: { description?: string } = {}) =>
  Type.Unsafe<string>({ enum: [...values], ...options });

/** The same, where null is one of the values. */
export const oneOfValuesOrNull = (values: readonly (string | null)[], options: { description?: string } = {}) =>
  Type.Unsafe<string | null>({ enum: [...values], ...options });

/** A constant string. */
export const constant = <T extends string>(value: T) => Type.Unsafe<T>({ const: value });
