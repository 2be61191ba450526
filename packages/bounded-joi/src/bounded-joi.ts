import BaseJoi, { type CustomHelpers, type ExtensionFactory } from 'joi';

/** A `max(limit)` rule of the schema being validated, if it has one with a literal limit. */
function maxLimit(helpers: CustomHelpers): number | null {
  const rule = helpers.schema.$_getRule('max') as { args?: { limit?: unknown } } | undefined;
  return typeof rule?.args?.limit === 'number' ? rule.args.limit : null;
}

const boundFirst =
  (type: 'string' | 'array'): ExtensionFactory =>
  (joi) => ({
    type,
    base: type === 'string' ? joi.string() : joi.array(),
    // Runs before every rule (pattern, uri, email, custom, items, unique…): a value over its
    // `max` gets that one error and nothing else looks at it. Plain joi reports `max` and then
    // goes on with the other rules when `abortEarly` is false, which let a 256 KB string reach
    // patterns and parsers.
    validate(value: string | unknown[], helpers) {
      const limit = maxLimit(helpers);
      if (limit !== null && value.length > limit) return { value, errors: [helpers.error(`${type}.max`, { limit, value })] };
      return { value };
    },
  });

/**
 * joi for user input: every string and array checks its length limit first, and a value over
 * it stops there (docs/api.md, "Input bounds"). Every string and array schema of user input must
 * have a `max` (`unboundedPaths` finds those that do not).
 */
export const Joi: typeof BaseJoi = BaseJoi.extend(boundFirst('string'), boundFirst('array'));
