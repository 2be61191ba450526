import { isValidTimeZone, MAX_EXPRESSION_LENGTH, MAX_TIME_ZONE_LENGTH, validateCron, validateOnCalendar } from '@upmon/core';
import { Joi } from '@upmon/bounded-joi';
import { addFieldError, type FieldErrors } from '../errors.js';

export const PERIOD_MIN_SEC = 60;
export const PERIOD_MAX_SEC = 31_536_000;

/** Schedule in requests: one of three forms chosen by `kind`; `tz` may be omitted. */
export const scheduleSchema = Joi.object({
  kind: Joi.string().valid('period', 'cron', 'oncalendar').required(),
  period_sec: Joi.when('kind', {
    is: 'period',
    then: Joi.number().integer().min(PERIOD_MIN_SEC).max(PERIOD_MAX_SEC).required(),
    otherwise: Joi.forbidden(),
  }).description('Kind period only (required there).'),
  cron: Joi.when('kind', { is: 'cron', then: Joi.string().max(MAX_EXPRESSION_LENGTH).required(), otherwise: Joi.forbidden() }).description(
    'Kind cron only (required there): a 5-field cron expression.',
  ),
  oncalendar: Joi.when('kind', { is: 'oncalendar', then: Joi.string().max(MAX_EXPRESSION_LENGTH).required(), otherwise: Joi.forbidden() }).description(
    'Kind oncalendar only (required there): a systemd OnCalendar expression.',
  ),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).description('IANA time zone name'),
}).id('ScheduleInput');

export type { ScheduleInput } from '../generated/request-bodies.js';

/** A time zone name the runtime knows, else a message. */
export function checkTimeZone(errors: FieldErrors, field: string, tz: unknown): void {
  if (typeof tz === 'string' && !isValidTimeZone(tz)) addFieldError(errors, field, 'is not a known IANA time zone name');
}

/**
 * The rules joi cannot express: cron/OnCalendar parse with the domain's parsers, tz names. Only
 * fields `wellFormed` vouches for (joi found no fault, so they are within their length) are parsed.
 */
export function checkScheduleSemantics(errors: FieldErrors, schedule: unknown, wellFormed: (field: string) => boolean): void {
  if (!schedule || typeof schedule !== 'object' || !wellFormed('schedule') || !wellFormed('schedule.kind')) return;
  const s = schedule as Record<string, unknown>;
  if (s.kind === 'cron' && typeof s.cron === 'string' && wellFormed('schedule.cron')) {
    const problem = validateCron(s.cron);
    if (problem) addFieldError(errors, 'schedule.cron', `is not a valid cron expression: ${problem}`);
  }
  if (s.kind === 'oncalendar' && typeof s.oncalendar === 'string' && wellFormed('schedule.oncalendar')) {
    const problem = validateOnCalendar(s.oncalendar);
    if (problem) addFieldError(errors, 'schedule.oncalendar', `is not a valid OnCalendar expression: ${problem}`);
  }
  if (wellFormed('schedule.tz')) checkTimeZone(errors, 'schedule.tz', s.tz);
}
