import {
  canonicalTimeZone,
  isValidTimeZone,
  MAINTENANCE_DURATION_MAX,
  MAINTENANCE_DURATION_MIN,
  MAINTENANCE_NAME_MAX,
  MAINTENANCE_SCOPE_MAX,
  MAX_EXPRESSION_LENGTH,
  MAX_TIME_ZONE_LENGTH,
  nextOccurrence,
  validateMaintenanceSchedule,
  type MaintenanceScope,
} from '@upmon/core';
import { addFieldError, ApiError, type FieldErrors } from '../errors.js';
import type { MaintenanceBody } from '../generated/request-bodies.js';
import { Joi } from '@upmon/bounded-joi';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { displayName } from '../validation/display-name.js';

/** An ISO 8601 instant with its offset (Z or ±hh:mm): a time without one would be read in the server's zone. */
const instant = Joi.string()
  .max(40)
  .isoDate()
  .pattern(/(Z|[+-]\d\d:?\d\d)$/i)
  .messages({ 'string.isoDate': 'must be an ISO 8601 time with an offset', 'string.pattern.base': 'must be an ISO 8601 time with an offset (Z or +hh:mm)' });

export const maintenanceSchema = Joi.object({
  name: displayName(MAINTENANCE_NAME_MAX).default('Maintenance'),
  starts_at: instant.description('One-off window: its start (with ends_at); an ISO 8601 time with an offset (Z or +hh:mm)'),
  ends_at: instant.description(
    `One-off window: its end, after starts_at, at most ${MAINTENANCE_DURATION_MAX} minutes later, not in the past; an ISO 8601 time with an offset`,
  ),
  schedule: Joi.string()
    .min(1)
    .max(MAX_EXPRESSION_LENGTH)
    .description('Recurring window: cron (five fields) or OnCalendar expression; each fire starts an occurrence'),
  tz: Joi.string()
    .max(MAX_TIME_ZONE_LENGTH)
    .description('Recurring window: IANA zone the schedule is read in (default UTC); a legacy name (Europe/Kiev, UCT…) is stored as its canonical zone'),
  duration_min: Joi.number()
    .integer()
    .min(MAINTENANCE_DURATION_MIN)
    .max(MAINTENANCE_DURATION_MAX)
    .description('Recurring window: how long each occurrence lasts (elapsed minutes). Alone: a one-off window from now for this many minutes'),
  checks: Joi.array()
    .items(Joi.string().guid().max(36))
    .max(MAINTENANCE_SCOPE_MAX)
    .unique()
    .min(1)
    .allow(null)
    .description('Only these checks of the project (null or absent, and no tags: the whole project)'),
  tags: Joi.array()
    .items(Joi.string().min(1).max(100))
    .max(MAINTENANCE_SCOPE_MAX)
    .unique()
    .min(1)
    .allow(null)
    .description('Only checks with any of these tags'),
});

/** A validated window: times resolved (the script form starts at `now`), scope decided. */
export interface MaintenanceInput {
  name: string;
  scope: MaintenanceScope;
  tags: string[];
  checkIds: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  schedule: string | null;
  tz: string | null;
  durationMin: number | null;
}

const FORMS =
  'give starts_at and ends_at (one-off), schedule and duration_min with an optional tz (recurring), or duration_min alone (from now, e.g. from a deploy script)';

/**
 * Validates a window body (a create, or an update merged onto the stored window): one of three
 * forms, the scope (`checks` or `tags`, neither = the whole project), times in order, a
 * schedule that parses and fires again. Unknown check ids are the caller's to refuse (it knows
 * the project). `newTimes` false (an update that leaves the times alone): a one-off window already
 * over may keep them. Throws a 422 with every problem found.
 */
export function validateMaintenanceInput(body: Record<string, unknown>, now: Date, newTimes = true): MaintenanceInput {
  const { error, value } = maintenanceSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  const ok = (field: string) => body[field] !== undefined && !errors[field];
  const v = value as MaintenanceBody;
  const has = (field: string) => body[field] !== undefined && body[field] !== null;

  let startsAt: Date | null = null;
  let endsAt: Date | null = null;
  let schedule: string | null = null;
  let tz: string | null = null;
  let durationMin: number | null = null;
  if (has('schedule')) {
    if (has('starts_at') || has('ends_at')) addFieldError(errors, 'body', `a recurring window has no starts_at or ends_at: ${FORMS}`);
    if (!has('duration_min')) addFieldError(errors, 'duration_min', 'is required with a schedule (how long each occurrence lasts)');
    tz = ok('tz') ? canonicalTimeZone(v.tz as string) : has('tz') ? null : 'UTC';
    if (ok('tz') && !isValidTimeZone(v.tz as string)) addFieldError(errors, 'tz', 'is not a known IANA time zone name');
    if (ok('schedule')) {
      const problem = validateMaintenanceSchedule(v.schedule as string);
      if (problem) addFieldError(errors, 'schedule', `is not a valid cron or OnCalendar expression: ${problem}`);
      else schedule = v.schedule as string;
    }
    durationMin = ok('duration_min') ? (v.duration_min as number) : null;
  } else if (has('starts_at') || has('ends_at')) {
    if (!has('starts_at')) addFieldError(errors, 'starts_at', `is required with ends_at: ${FORMS}`);
    if (!has('ends_at')) addFieldError(errors, 'ends_at', `is required with starts_at: ${FORMS}`);
    if (has('duration_min')) addFieldError(errors, 'duration_min', `is not used with starts_at and ends_at: ${FORMS}`);
    if (has('tz')) addFieldError(errors, 'tz', 'is only used with a schedule (starts_at and ends_at carry their offset)');
    if (ok('starts_at') && ok('ends_at')) {
      startsAt = new Date(v.starts_at as string);
      endsAt = new Date(v.ends_at as string);
      const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
      if (minutes <= 0) addFieldError(errors, 'ends_at', 'must be after starts_at');
      else if (minutes > MAINTENANCE_DURATION_MAX)
        addFieldError(errors, 'ends_at', `must be at most ${MAINTENANCE_DURATION_MAX} minutes (one week) after starts_at`);
      else if (newTimes && endsAt <= now) addFieldError(errors, 'ends_at', 'is in the past');
    }
  } else if (has('duration_min')) {
    if (has('tz')) addFieldError(errors, 'tz', 'is only used with a schedule');
    if (ok('duration_min')) {
      startsAt = now;
      endsAt = new Date(now.getTime() + (v.duration_min as number) * 60_000);
    }
  } else if (Object.keys(errors).length === 0) {
    addFieldError(errors, 'body', `when is the maintenance? ${FORMS}`);
  }

  if (has('checks') && has('tags')) addFieldError(errors, 'body', 'give checks or tags, not both (neither: the whole project)');
  if (schedule && tz && durationMin && Object.keys(errors).length === 0) {
    const spec = { scope: 'project' as const, tags: [], checkIds: [], startsAt: null, endsAt: null, schedule, tz, durationMin, endedAt: null };
    if (!nextOccurrence(spec, now)) addFieldError(errors, 'schedule', 'never fires again');
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const checkIds = has('checks') ? (v.checks as string[]).map((id) => id.toLowerCase()) : [];
  const tags = has('tags') ? (v.tags as string[]) : [];
  return {
    name: v.name as string,
    scope: checkIds.length > 0 ? 'checks' : tags.length > 0 ? 'tags' : 'project',
    tags,
    checkIds,
    startsAt,
    endsAt,
    schedule,
    tz,
    durationMin,
  };
}
