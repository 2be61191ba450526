import { Joi } from '@upmon/bounded-joi';
import { canonicalTimeZone, isProbedKind, LOCATION_NAME, MAX_DEPENDENCIES, MAX_TIME_ZONE_LENGTH, PROBED_KINDS } from '@upmon/core';
import { PROBE_KINDS } from '@upmon/probes';
import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf, mergeFieldErrors } from '../validation/joi-errors.js';
import type { CheckBody, ScheduleInput } from '../generated/request-bodies.js';
import { checkScheduleSemantics, checkTimeZone, scheduleSchema } from './schedule-schema.js';
import { displayName } from '../validation/display-name.js';

export const GRACE_MIN_SEC = 30;
export const GRACE_MAX_SEC = 2_592_000;
export const MIN_RUN_MAX_SEC = 86_400;
/** How often a probed check is probed when its create body has no schedule (and the web form's default). */
export const PROBE_DEFAULT_PERIOD_SEC = 60;
const PROBE_DEFAULT_SCHEDULE = { kind: 'period', period_sec: PROBE_DEFAULT_PERIOD_SEC } as const;
/** The kinds of check: heartbeat, and the probed kinds of @upmon/probes' registry. */
/** Locations a check may name. */
const MAX_LOCATIONS = 20;

export const CHECK_KINDS = ['heartbeat', ...PROBED_KINDS] as const;
export type CheckKindName = (typeof CHECK_KINDS)[number];

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}$/;

export const checkSchema = Joi.object({
  name: displayName(255).required(),
  kind: Joi.string()
    .valid(...CHECK_KINDS)
    .default('heartbeat')
    .description(
      `Set on create only; ignored by PATCH. tcp, dns and tls are additions to the spec (docs/probe-checks.md). \`schedule\` is required for heartbeat checks; a probed kind without one is probed every ${PROBE_DEFAULT_PERIOD_SEC} s (an addition to the spec).`,
    ),
  slug: Joi.string()
    .max(100)
    .pattern(SLUG_PATTERN)
    .messages({ 'string.pattern.base': "must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit" })
    .description('Create only (ignored by PATCH); unique within the project.'),
  description: Joi.string().max(10_000).allow('', null),
  tags: Joi.array().items(Joi.string().min(1).max(100)).max(100).unique().default([]),
  tz: Joi.string()
    .max(MAX_TIME_ZONE_LENGTH)
    .description(
      "IANA time zone name (default: the schedule's tz, else UTC); a legacy name (Europe/Kiev, UCT, CET…) is stored as its canonical zone (Europe/Kyiv, Etc/UTC…).",
    ),
  grace_sec: Joi.number().integer().min(GRACE_MIN_SEC).max(GRACE_MAX_SEC).required().description('For period schedules at most 10 × period_sec.'),
  // Optional here so probed kinds can leave it out (PROBE_DEFAULT_SCHEDULE); a heartbeat must say
  // when its job runs (validateCheckInput).
  schedule: scheduleSchema,
  min_run_sec: Joi.when('kind', {
    is: Joi.valid(...PROBED_KINDS),
    then: Joi.valid(null).messages({ 'any.only': 'is only allowed for kind heartbeat' }),
    otherwise: Joi.number().integer().min(1).max(MIN_RUN_MAX_SEC).allow(null).default(null),
  }).description(
    'An addition to the spec. Heartbeat checks only (probed kinds: 422 unless null): a success ping ending a run (measured from its start ping) shorter than this many seconds counts as a failure, flip reason `short_run`. null: no minimum (the default).',
  ),
  // Probed kinds only (a semantic rule below, so the bounds hold whatever the kind).
  locations: Joi.array()
    .items(Joi.string().max(32).pattern(LOCATION_NAME).messages({ 'string.pattern.base': "must be location names (lowercase letters, digits, '-')" }))
    .max(MAX_LOCATIONS)
    .unique()
    .default([])
    .description(
      "An addition to the spec. Probed kinds only: the locations the check is probed from (docs/locations.md): the installation's public locations and the account's own live private locations (their codes); any other name is a 422 that names it and lists the valid ones. Empty (the default): every public location of the installation.",
    ),
  quorum: Joi.number()
    .integer()
    .min(1)
    .max(MAX_LOCATIONS)
    .allow(null)
    .default(null)
    .description(
      'An addition to the spec. Probed kinds only: how many of its live locations must each confirm a failure before the check is down (and answer again before it is up); null (the default): a majority. Counted among live locations (at most their number); at most the number of `locations` it names.',
    ),
  // Checks of the same project this one depends on; existence, project and cycles are checked
  // against the database by the service (check-dependencies.ts).
  depends_on: Joi.array()
    .items(Joi.string().max(36).guid().messages({ 'string.guid': 'must be check ids (UUIDs)' }))
    .max(MAX_DEPENDENCIES)
    .unique()
    .description(
      'An addition to the spec. Ids of other checks of the same project this check depends on (default none; PATCH replaces the list). While one of them is down, this check\'s down alerts are held, and dropped if this check recovers first (docs/notifications.md, "Dependencies"). 422 for an id that is not a check of this project, the check itself, or a change that would close a cycle (the message names it).',
    ),
  // Each probed kind's config (`http_config`, `tcp_config`…), defined in its folder of @upmon/probes.
  ...Object.fromEntries(
    Object.values(PROBE_KINDS).map((k) => [
      k.configField,
      Joi.when('kind', {
        is: k.kind,
        then: k.schema.required(),
        otherwise: Joi.forbidden().messages({ 'any.unknown': `is only allowed for kind ${k.kind}` }),
      }).description(`Kind ${k.kind} only (required there)${k.kind === 'http' ? '' : '; an addition to the spec'}. Never returned.`),
    ]),
  ),
});

/**
 * A check as the API accepts it: the body after its defaults, with its zone resolved (`tz`) and
 * taken off the schedule. `depends_on` undefined: unchanged (create: none).
 */
export type CheckInput = Omit<CheckBody, 'tz' | 'schedule'> & { tz: string; schedule: Omit<ScheduleInput, 'tz'> };

/** Probed kinds are probed every minute unless told (docs/probe-checks.md, "Interval"). */
function scheduleOrDefault(v: CheckBody): ScheduleInput | undefined {
  return v.schedule ?? ((PROBED_KINDS as readonly string[]).includes(v.kind) ? { ...PROBE_DEFAULT_SCHEDULE } : undefined);
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
  const v = value as CheckBody | undefined;
  const scheduleIn = v ? scheduleOrDefault(v) : undefined;
  if (v && !scheduleIn && errors.schedule === undefined) addFieldError(errors, 'schedule', 'is required');
  if (Object.keys(errors).length > 0 || !v || !scheduleIn) throw ApiError.validation(errors);
  if (v.depends_on) v.depends_on = v.depends_on.map((id) => id.toLowerCase());
  // A legacy zone name (Europe/Kiev, UCT, CET) is stored as its canonical zone, as through the
  // Healthchecks API (docs/api.md).
  const tz = canonicalTimeZone(v.tz ?? scheduleIn.tz ?? fallbackTz);
  const { tz: _ignored, ...schedule } = scheduleIn;
  return { ...v, tz, schedule };
}

function semanticErrors(body: Record<string, unknown>, wellFormed: (field: string) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (wellFormed('tz')) checkTimeZone(errors, 'tz', body.tz);
  checkScheduleSemantics(errors, body.schedule, wellFormed);
  const schedule = isObject(body.schedule) ? body.schedule : null;
  if (typeof body.tz === 'string' && typeof schedule?.tz === 'string' && canonicalTimeZone(body.tz) !== canonicalTimeZone(schedule.tz)) {
    addFieldError(errors, 'schedule.tz', 'must equal tz when both are given');
  }
  // Cross-field rule of the spec: a grace longer than 10 periods hides missed runs.
  const grace = body.grace_sec;
  if (schedule?.kind === 'period' && Number.isInteger(schedule.period_sec) && Number.isInteger(grace)) {
    if ((grace as number) > 10 * (schedule.period_sec as number)) {
      addFieldError(errors, 'grace_sec', 'must not exceed 10 × schedule.period_sec');
    }
  }
  const locations = Array.isArray(body.locations) ? body.locations : [];
  const probed = typeof body.kind === 'string' && isProbedKind(body.kind);
  if (!probed && locations.length > 0) addFieldError(errors, 'locations', 'is only allowed for probed kinds');
  if (!probed && typeof body.quorum === 'number') addFieldError(errors, 'quorum', 'is only allowed for probed kinds');
  if (probed && typeof body.quorum === 'number' && locations.length > 0 && body.quorum > locations.length) {
    addFieldError(errors, 'quorum', 'must not exceed the number of locations');
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
