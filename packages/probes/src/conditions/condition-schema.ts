import type { CustomHelpers } from 'joi';
import { Joi } from '@upmon/bounded-joi';
import { MAX_CONDITION_VALUE_LENGTH, MAX_CONDITIONS, OPERATORS, OPERATORS_OF, type Condition, type ConditionType } from './condition.js';
import { MAX_PATH_LENGTH, parsePath, PathError } from './json-path.js';

/** RFC 7230 token: what a header name may be. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

const NUMERIC_LIMITS: Partial<Record<ConditionType, [number, number]>> = {
  status_code: [100, 599],
  response_time: [1, 60_000],
  certificate_days: [-3650, 3650],
};

function checkPath(value: string, helpers: CustomHelpers) {
  try {
    parsePath(value);
    return value;
  } catch (err) {
    if (err instanceof PathError) return helpers.message({ custom: `must be a JSON Pointer or a supported JSONPath: ${err.message}` });
    throw err;
  }
}

/** The condition's type as given beside the field being checked (helpers' parent object). */
const typeOf = (helpers: CustomHelpers) => (helpers.state.ancestors[0] as { type?: unknown } | undefined)?.type;

/**
 * The operator must be one its type accepts (OPERATORS_OF): checked on the whole condition, since
 * joi accepts a listed value without running a field's own rules.
 */
function operatorForType(condition: { type?: unknown; operator?: unknown }, helpers: CustomHelpers) {
  const allowed = typeof condition.type === 'string' ? OPERATORS_OF[condition.type as ConditionType] : undefined;
  if (allowed && typeof condition.operator === 'string' && !allowed.includes(condition.operator as never)) {
    return helpers.message({ custom: `operator ${condition.operator} does not apply to type ${condition.type} (use one of ${allowed.join(', ')})` });
  }
  return condition;
}

/**
 * The value a condition compares with, by its type and operator: an integer within the type's
 * range (status_code 100–599, response_time 1–60000 ms, certificate_days ±3650); text for a
 * header; for a JSON body a number with less/greater, else a JSON scalar. Text is bounded before
 * anything reads it. One custom rule rather than joi branches: the bounds depend on the sibling
 * `type`, which a document walking one field at a time cannot supply.
 */
function valueForType(value: unknown, helpers: CustomHelpers) {
  if (typeof value === 'string' && value.length > MAX_CONDITION_VALUE_LENGTH)
    return helpers.message({ custom: `must be at most ${MAX_CONDITION_VALUE_LENGTH} characters` });
  const type = typeOf(helpers) as ConditionType | undefined;
  const operator = (helpers.state.ancestors[0] as { operator?: unknown } | undefined)?.operator;
  const range = type ? NUMERIC_LIMITS[type] : undefined;
  if (range) {
    if (typeof value !== 'number' || !Number.isInteger(value)) return helpers.message({ custom: 'must be an integer' });
    if (value < range[0]) return helpers.message({ custom: `must be greater than or equal to ${range[0]}` });
    if (value > range[1]) return helpers.message({ custom: `must be less than or equal to ${range[1]}` });
    return value;
  }
  if (type === 'header') return typeof value === 'string' ? value : helpers.message({ custom: 'must be a string' });
  if (operator === 'less_than' || operator === 'greater_than') {
    return typeof value === 'number' && Number.isFinite(value) ? value : helpers.message({ custom: 'must be a number' });
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  return helpers.message({ custom: 'must be text, a number, true, false or null' });
}

/** One condition, for a kind whose probes can answer `types`. */
function conditionSchema(types: readonly ConditionType[]) {
  return Joi.object({
    type: Joi.string()
      .valid(...types)
      .required(),
    operator: Joi.string()
      .valid(...OPERATORS)
      .required()
      .description(
        'status_code, response_time, certificate_days: equals, not_equals, less_than, greater_than (response_time and certificate_days: less_than, greater_than); header: equals, not_equals, contains, exists; json_body: all.',
      ),
    path: Joi.when('type', {
      is: 'json_body',
      then: Joi.string().max(MAX_PATH_LENGTH).allow('').required().custom(checkPath),
      otherwise: Joi.forbidden(),
    }).description('json_body only: a JSON Pointer (/a/0/b) or a JSONPath ($.a[0].b; no wildcards, filters or slices).'),
    name: Joi.when('type', {
      is: 'header',
      then: Joi.string().max(100).pattern(HEADER_NAME).required().messages({ 'string.pattern.base': 'must be a header name' }),
      otherwise: Joi.forbidden(),
    }).description('header only: the header name.'),
    value: Joi.when('operator', {
      is: 'exists',
      then: Joi.forbidden(),
      otherwise: Joi.any().required().custom(valueForType),
    }).description(
      `Absent with exists. status_code: an integer 100–599; response_time: ms, 1–60000; certificate_days: −3650–3650; header: text; json_body: a number with less_than/greater_than, else a JSON scalar. Text at most ${MAX_CONDITION_VALUE_LENGTH} characters.`,
    ),
  }).custom(operatorForType);
}

/**
 * A kind's `conditions` field: at most MAX_CONDITIONS. Each kind accepts the types its probes can
 * answer (the document shows one `Condition` per kind's list, named `<Kind>Condition`).
 */
export function conditionsSchema(types: readonly ConditionType[], id: string) {
  return Joi.array()
    .items(conditionSchema(types).id(id))
    .max(MAX_CONDITIONS)
    .description('Evaluated on every probe; each failing one fails the probe and is named in its result (docs/probe-checks.md, "Conditions").');
}

/** Stored conditions read defensively (the API validated them; an odd row must not stop probing). */
export function conditionsFromJson(raw: unknown, types: readonly ConditionType[]): Condition[] {
  if (!Array.isArray(raw)) return [];
  const out: Condition[] = [];
  for (const c of raw.slice(0, MAX_CONDITIONS)) {
    if (!c || typeof c !== 'object') continue;
    const o = c as Record<string, unknown>;
    if (!types.includes(o.type as ConditionType) || typeof o.operator !== 'string') continue;
    const type = o.type as ConditionType;
    if (!OPERATORS_OF[type].includes(o.operator as never)) continue;
    const condition: Condition = { type, operator: o.operator as Condition['operator'] };
    if (typeof o.path === 'string') condition.path = o.path.slice(0, MAX_PATH_LENGTH);
    if (typeof o.name === 'string') condition.name = o.name.slice(0, 100);
    if (o.value === null || ['number', 'boolean'].includes(typeof o.value)) condition.value = o.value as Condition['value'];
    else if (typeof o.value === 'string') condition.value = o.value.slice(0, MAX_CONDITION_VALUE_LENGTH);
    out.push(condition);
  }
  return out;
}
