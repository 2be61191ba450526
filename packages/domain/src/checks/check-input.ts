import { Joi } from '../validation/bounded-joi.js';
import { MAX_DEPENDENCIES, MAX_TIME_ZONE_LENGTH, PROBED_KINDS, type CheckKind } from '@upmon/core';
import { PROBE_KINDS } from '@upmon/probes';
import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf, mergeFieldErrors } from '../validation/joi-errors.js';
import { checkScheduleSemantics, checkTimeZone, scheduleSchema, type ScheduleInput } from './schedule-schema.js';

export const GRACE_MIN_SEC = 30;
export const GRACE_MAX_SEC = 2_592_000;
export const MIN_RUN_MAX_SEC = 86_400;
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/;

export const checkSchema = Joi.object({
  name: Joi.string().min(1).max(255).required(),
  kind: Joi.string()
    .valid('heartbeat', ...PROBED_KINDS)
    .default('heartbeat'),
  slug: Joi.string()
    .max(100)
    .pattern(SLUG_PATTERN)
    .messages({ 'string.pattern.base': "must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit" }),
  description: Joi.string().max(10_000).allow('', null),
  tags: Joi.array().items(Joi.string().min(1).max(100)).max(100).unique().default([]),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH),
  grace_sec: Joi.number().integer().min(GRACE_MIN_SEC).max(GRACE_MAX_SEC).required(),
  schedule: scheduleSchema.required(),
  min_run_sec: Joi.when('kind', {
    is: Joi.valid(...PROBED_KINDS),
    then: Joi.valid(null).messages({ 'any.only': 'is only allowed for kind heartbeat' }),
    otherwise: Joi.number().integer().min(1).max(MIN_RUN_MAX_SEC).allow(null).default(null),
  }),
  // Checks of the same project this one depends on; existence, project and cycles are checked
  // against the database by the service (check-dependencies.ts).
  depends_on: Joi.array()
    .items(Joi.string().max(36).guid().messages({ 'string.guid': 'must be check ids (UUIDs)' }))
    .max(MAX_DEPENDENCIES)
    .unique(),
  // Each probed kind's config (`http_config`, `tcp_config`…), defined in its folder of @upmon/probes.
  ...Object.fromEntries(
    Object.values(PROBE_KINDS).map((k) => [
      k.configField,
      Joi.when('kind', {
        is: k.kind,
        then: k.schema.required(),
        otherwise: Joi.forbidden().messages({ 'any.unknown': `is only allowed for kind ${k.kind}` }),
      }),
    ]),
  ),
});

/** A check as the API accepts it, after defaults. */
export interface CheckInput {
  name: string;
  kind: CheckKind;
  slug?: string;
  description?: string | null;
  tags: string[];
  tz: string;
  grace_sec: number;
  /** heartbeat: minimum run time in seconds (null: none). */
  min_run_sec?: number | null;
  schedule: ScheduleInput;
  http_config?: Record<string, unknown>;
  tcp_config?: Record<string, unknown>;
  dns_config?: Record<string, unknown>;
  tls_config?: Record<string, unknown>;
  /** Ids of checks of the same project this one depends on; undefined: unchanged (create: none). */
  depends_on?: string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Validates a whole check (a create body, or a PATCH merged onto the stored check) and resolves
 * its time zone: `tz`, else the schedule's `tz`, else `fallbackTz`; both given and different → 422.
 * Throws ApiError 422 with every problem found.
 */
export function validateCheckInput(body: Record<string, unknown>, fallbackTz = 'UTC'): CheckInput {
  const { error, value } = checkSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  // Only fields joi found well-formed (and within their length) go on to the parsers.
  mergeFieldErrors(
    errors,
    semanticErrors(body, (field) => errors[field] === undefined),
  );
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const v = value as CheckInput;
  if (v.depends_on) v.depends_on = v.depends_on.map((id) => id.toLowerCase());
  const tz = v.tz ?? v.schedule.tz ?? fallbackTz;
  const { tz: _ignored, ...schedule } = v.schedule;
  return { ...v, tz, schedule };
}

function semanticErrors(body: Record<string, unknown>, wellFormed: (field: string) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (wellFormed('tz')) checkTimeZone(errors, 'tz', body.tz);
  checkScheduleSemantics(errors, body.schedule, wellFormed);
  const schedule = isObject(body.schedule) ? body.schedule : null;
  if (typeof body.tz === 'string' && typeof schedule?.tz === 'string' && body.tz !== schedule.tz) {
    addFieldError(errors, 'schedule.tz', 'must equal tz when both are given');
  }
  // Cross-field rule of the spec: a grace longer than 10 periods hides missed runs.
  const grace = body.grace_sec;
  if (schedule?.kind === 'period' && Number.isInteger(schedule.period_sec) && Number.isInteger(grace)) {
    if ((grace as number) > 10 * (schedule.period_sec as number)) {
      addFieldError(errors, 'grace_sec', 'must not exceed 10 × schedule.period_sec');
    }
  }
  const http = isObject(body.http_config) ? body.http_config : null;
  if (http && http.keyword_absent === true && http.keyword === undefined) {
    addFieldError(errors, 'http_config.keyword', 'is required when keyword_absent is true');
  }
  return errors;
}

/** The body must be a JSON object (400 otherwise); no body counts as an empty object. */
export function requireObjectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isObject(body)) throw new ApiError('bad_request', 'request body must be a JSON object');
  return body;
}
