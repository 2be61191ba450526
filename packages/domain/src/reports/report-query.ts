import { calendarMonthRange, canonicalTimeZone, isValidTimeZone, MAX_TIME_ZONE_LENGTH, type TimeRange } from '@upmon/core';
import { Joi } from '@upmon/bounded-joi';
import { addFieldError, ApiError, type FieldErrors } from '../errors.js';
import { fieldErrorsOf, PLAIN_MESSAGES } from '../validation/joi-errors.js';

/** The longest range a report covers (the flips are kept a year). */
export const REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const instant = Joi.string()
  .max(40)
  .isoDate()
  .pattern(/(Z|[+-]\d\d:?\d\d)$/i)
  .messages({ 'string.pattern.base': 'must be an ISO 8601 time with an offset (Z or +hh:mm)' });

/** The query of GET /reports (and the web app's report page). */
export const reportQuerySchema = Joi.object({
  month: Joi.string()
    .max(7)
    .pattern(/^\d{4}-(0[1-9]|1[0-2])$/)
    .messages({ 'string.pattern.base': 'must be a month such as 2026-03' })
    .description('A calendar month in tz (YYYY-MM); or give from and to'),
  from: instant.description('Start of the range (with to; instead of month): an ISO 8601 time with an offset'),
  to: instant.description(`End of the range, after from, at most ${REPORT_MAX_DAYS} days later`),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).description('IANA zone of month (default UTC)'),
  check: Joi.string().guid().max(36).description('Report on this check only'),
  tag: Joi.string().min(1).max(100).description('Report on the checks with this tag (neither check nor tag: the whole project)'),
  format: Joi.string().valid('json', 'csv').description('csv: a CSV file instead of JSON'),
  rows: Joi.string().valid('checks', 'incidents').description('CSV only: one row per check (default) or per incident'),
});

export type ReportSubject = { kind: 'project' } | { kind: 'check'; checkId: string } | { kind: 'tag'; tag: string };

export interface ReportQuery {
  subject: ReportSubject;
  range: TimeRange;
  tz: string;
  /** The month asked for (YYYY-MM), null for a range. */
  month: string | null;
  format: 'json' | 'csv';
  rows: 'checks' | 'incidents';
}

/** Validates a report query: a month or a range, one subject. Throws a 422 naming every field at fault. */
export function validateReportQuery(query: Record<string, unknown>): ReportQuery {
  const { error, value } = reportQuerySchema.validate(query, {
    abortEarly: false,
    convert: false,
    allowUnknown: false,
    errors: { label: false },
    messages: PLAIN_MESSAGES,
  });
  const errors: FieldErrors = fieldErrorsOf(error);
  const v = value as Record<string, string | undefined>;
  const has = (f: string) => v[f] !== undefined;
  let tz = 'UTC';
  if (has('tz') && !errors.tz) {
    if (!isValidTimeZone(v.tz as string)) addFieldError(errors, 'tz', 'is not a known IANA time zone name');
    else tz = canonicalTimeZone(v.tz as string);
  }
  if (has('check') && has('tag')) addFieldError(errors, 'tag', 'give check or tag, not both');
  let range: TimeRange | null = null;
  if (has('month')) {
    if (has('from') || has('to')) addFieldError(errors, 'month', 'give month, or from and to, not both');
    else if (!errors.month && !errors.tz) {
      const [y, m] = (v.month as string).split('-').map(Number) as [number, number];
      range = calendarMonthRange(tz, y, m);
    }
  } else if (!has('from') || !has('to')) {
    addFieldError(errors, has('from') ? 'to' : 'from', 'give month, or from and to');
  } else if (!errors.from && !errors.to) {
    range = { from: Date.parse(v.from as string), to: Date.parse(v.to as string) };
    if (range.to <= range.from) addFieldError(errors, 'to', 'must be after from');
    else if (range.to - range.from > REPORT_MAX_DAYS * DAY_MS) addFieldError(errors, 'to', `must be at most ${REPORT_MAX_DAYS} days after from`);
  }
  if (has('rows') && v.format !== 'csv') addFieldError(errors, 'rows', 'is only used with format csv');
  if (Object.keys(errors).length > 0 || !range) throw ApiError.validation(errors);
  const subject: ReportSubject = has('check')
    ? { kind: 'check', checkId: (v.check as string).toLowerCase() }
    : has('tag')
      ? { kind: 'tag', tag: v.tag as string }
      : { kind: 'project' };
  return { subject, range, tz, month: v.month ?? null, format: v.format === 'csv' ? 'csv' : 'json', rows: v.rows === 'incidents' ? 'incidents' : 'checks' };
}
