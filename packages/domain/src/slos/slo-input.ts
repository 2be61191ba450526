import { canonicalTimeZone, isValidTimeZone, MAX_TIME_ZONE_LENGTH } from '@upmon/core';
import { Joi } from '@upmon/bounded-joi';
import { addFieldError, ApiError, type FieldErrors } from '../errors.js';
import type { SloBody } from '../generated/request-bodies.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { displayName } from '../validation/display-name.js';

export const SLO_NAME_MAX = 100;
/** The windows an SLO may use: rolling days, or the calendar month in `tz`. */
export const SLO_WINDOWS = ['7d', '28d', '30d', 'calendar_month'] as const;
export type SloWindowName = (typeof SLO_WINDOWS)[number];
/** Targets below 50 % are not objectives anyone states; above 99.999 % the budget is seconds a month. */
export const SLO_TARGET_MIN = 50;
export const SLO_TARGET_MAX = 99.999;
export const SLO_LATENCY_THRESHOLD_MAX_MS = 60_000;

const percent = (description: string) =>
  Joi.number()
    .min(SLO_TARGET_MIN)
    .max(SLO_TARGET_MAX)
    .custom((v: number, helpers) => (Number(v.toFixed(3)) === v ? v : helpers.message({ custom: 'can have at most 3 decimals' })))
    .description(`${description}; at most 3 decimals`);

export const sloSchema = Joi.object({
  name: displayName(SLO_NAME_MAX).required(),
  check: Joi.string().guid().max(36).allow(null).description('The check the SLO is about (give check or tag, not both)'),
  tag: Joi.string().min(1).max(100).allow(null).description('Every check of the project with this tag, their time summed (give check or tag, not both)'),
  target: percent(`Availability target in percent, ${SLO_TARGET_MIN}–${SLO_TARGET_MAX} (99.9)`).required(),
  window: Joi.string()
    .valid(...SLO_WINDOWS)
    .required()
    .messages({ 'any.only': `must be one of ${SLO_WINDOWS.join(', ')}` })
    .description('Rolling 7, 28 or 30 days ending now, or the calendar month in tz'),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).description('calendar_month only: the IANA zone whose months count (default UTC)'),
  latency: Joi.object({
    threshold_ms: Joi.number().integer().min(1).max(SLO_LATENCY_THRESHOLD_MAX_MS).required().description('A probe answered within this many ms is fast'),
    target: percent('Share of probes that must be fast, in percent (95)').required(),
  })
    .allow(null)
    .description('Probed checks only: a latency objective besides availability (null: none)'),
});

/** A validated SLO, as stored. */
export interface SloInput {
  name: string;
  checkId: string | null;
  tag: string | null;
  targetPercent: number;
  windowKind: 'rolling' | 'calendar_month';
  windowDays: number | null;
  tz: string;
  latencyThresholdMs: number | null;
  latencyTargetPercent: number | null;
}

/** Validates an SLO body (a create, or an update merged onto the stored SLO). Throws a 422 naming every field at fault. */
export function validateSloInput(body: Record<string, unknown>): SloInput {
  const { error, value } = sloSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  const v = value as SloBody;
  const has = (field: string) => body[field] !== undefined && body[field] !== null;
  if (has('check') === has('tag')) addFieldError(errors, has('check') ? 'tag' : 'check', 'give either check or tag (one of them)');
  let tz = 'UTC';
  if (has('tz')) {
    if (v.window !== 'calendar_month') addFieldError(errors, 'tz', 'is only used with window calendar_month');
    else if (!errors.tz && !isValidTimeZone(v.tz as string)) addFieldError(errors, 'tz', 'is not a known IANA time zone name');
    else if (!errors.tz) tz = canonicalTimeZone(v.tz as string);
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const rolling = v.window !== 'calendar_month';
  return {
    name: v.name,
    checkId: v.check ? v.check.toLowerCase() : null,
    tag: v.tag ?? null,
    targetPercent: v.target,
    windowKind: rolling ? 'rolling' : 'calendar_month',
    windowDays: rolling ? Number.parseInt(v.window, 10) : null,
    tz,
    latencyThresholdMs: v.latency?.threshold_ms ?? null,
    latencyTargetPercent: v.latency?.target ?? null,
  };
}

/** The stored SLO as a request body (for updates: the fields given replace these). */
export function sloAsBody(s: Omit<SloInput, 'windowKind'> & { windowKind: string }): Record<string, unknown> {
  return {
    name: s.name,
    ...(s.checkId ? { check: s.checkId } : { tag: s.tag }),
    target: s.targetPercent,
    window: sloWindowName(s),
    ...(s.windowKind === 'calendar_month' ? { tz: s.tz } : {}),
    latency: s.latencyThresholdMs === null ? null : { threshold_ms: s.latencyThresholdMs, target: s.latencyTargetPercent },
  };
}

export function sloWindowName(s: { windowKind: string; windowDays: number | null }): SloWindowName {
  return s.windowKind === 'calendar_month' ? 'calendar_month' : (`${s.windowDays}d` as SloWindowName);
}
