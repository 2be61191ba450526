import type { CustomHelpers } from 'joi';
import { Joi } from '../common/bounded-joi.js';
import { MAX_CONDITION_VALUE_LENGTH, MAX_CONDITIONS, OPERATORS_OF, type Condition, type ConditionType } from './condition.js';
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

/** One condition, for a kind whose probes can answer `types`. */
function conditionSchema(types: readonly ConditionType[]) {
  const numeric = (type: ConditionType) => {
    const [min, max] = NUMERIC_LIMITS[type] as [number, number];
    return Joi.number().integer().min(min).max(max).required();
  };
  return Joi.object({
    type: Joi.string()
      .valid(...types)
      .required(),
    operator: Joi.string()
      .max(20)
      .required()
      .when('type', {
        switch: types.map((t) => ({ is: t, then: Joi.valid(...OPERATORS_OF[t]) })),
      }),
    path: Joi.when('type', {
      is: 'json_body',
      then: Joi.string().max(MAX_PATH_LENGTH).allow('').required().custom(checkPath),
      otherwise: Joi.forbidden(),
    }),
    name: Joi.when('type', {
      is: 'header',
      then: Joi.string().max(100).pattern(HEADER_NAME).required().messages({ 'string.pattern.base': 'must be a header name' }),
      otherwise: Joi.forbidden(),
    }),
    value: Joi.when('operator', {
      is: 'exists',
      then: Joi.forbidden(),
      otherwise: Joi.when('type', {
        switch: [
          { is: 'status_code', then: numeric('status_code') },
          { is: 'response_time', then: numeric('response_time') },
          { is: 'certificate_days', then: numeric('certificate_days') },
          { is: 'header', then: Joi.string().max(MAX_CONDITION_VALUE_LENGTH).allow('').required() },
        ],
        otherwise: Joi.when('operator', {
          is: Joi.valid('less_than', 'greater_than'),
          then: Joi.number().required(),
          otherwise: Joi.alternatives(Joi.string().max(MAX_CONDITION_VALUE_LENGTH).allow(''), Joi.number(), Joi.boolean(), Joi.valid(null)).required(),
        }),
      }),
    }),
  });
}

/** A kind's `conditions` field: at most MAX_CONDITIONS. */
export function conditionsSchema(types: readonly ConditionType[]) {
  return Joi.array().items(conditionSchema(types)).max(MAX_CONDITIONS);
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
