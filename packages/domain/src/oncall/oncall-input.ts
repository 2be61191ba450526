import { canonicalTimeZone, isValidTimeZone, MAX_TIME_ZONE_LENGTH, overlappingRestrictions, type Restriction, type RotationUnit } from '@upmon/core';
import { Joi } from '@upmon/bounded-joi';
import type { ObjectSchema } from 'joi';
import { addFieldError, ApiError, type FieldErrors } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { displayName } from '../validation/display-name.js';

/** Bounds of on-call input (docs/oncall.md, "Limits"): what a person could mean, never what would stall a request. */
export const ONCALL_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  schedulesPerProject: 100,
  layersPerSchedule: 20,
  usersPerLayer: 50,
  restrictionsPerLayer: 14,
  /** Overrides of a schedule that have not ended yet. */
  openOverridesPerSchedule: 500,
  overrideMaxDays: 366,
  /** Longest range of a final-schedule query. */
  rangeMaxDays: 93,
} as const;

/** Longest turn per unit: a year at most, so "next" (which looks 400 days ahead) always finds the next person. */
export const ROTATION_COUNT_MAX: Record<RotationUnit, number> = { hours: 8760, days: 365, weeks: 52 };

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = () => Joi.string().max(5).pattern(TIME_OF_DAY).messages({ 'string.pattern.base': 'must be a time of day HH:MM (00:00 to 23:59)' });

/** An ISO 8601 instant with its offset (Z or ±hh:mm): a time without one would be read in the server's zone. */
const instant = () =>
  Joi.string()
    .max(40)
    .isoDate()
    .pattern(/(Z|[+-]\d\d:?\d\d)$/i)
    .messages({ 'string.isoDate': 'must be an ISO 8601 time with an offset', 'string.pattern.base': 'must be an ISO 8601 time with an offset (Z or +hh:mm)' });

export const oncallScheduleSchema = Joi.object({
  name: displayName(ONCALL_LIMITS.nameMax).required(),
  description: Joi.string().max(ONCALL_LIMITS.descriptionMax).allow('', null).description('Free text shown with the schedule'),
});

const restrictionSchema = Joi.object({
  days: Joi.array()
    .items(Joi.number().integer().min(1).max(7))
    .min(1)
    .max(7)
    .unique()
    .required()
    .description('ISO weekdays the window starts on: 1 = Monday … 7 = Sunday'),
  from: timeOfDay().required().description('Local time the window opens (HH:MM)'),
  to: timeOfDay().required().description('Local time it closes (HH:MM); at or before `from`: on the next day (equal: 24 hours)'),
});

export const oncallLayerSchema = Joi.object({
  name: displayName(ONCALL_LIMITS.nameMax).default('Layer'),
  position: Joi.number().integer().min(0).max(1000).description('Higher covers lower; default: above every layer of the schedule'),
  users: Joi.array()
    .items(Joi.string().guid().max(36))
    .min(1)
    .max(ONCALL_LIMITS.usersPerLayer)
    .required()
    .description('User ids in rotation order (members of the account; one may appear more than once)'),
  rotation: Joi.object({
    unit: Joi.string().valid('hours', 'days', 'weeks').required(),
    count: Joi.number()
      .integer()
      .min(1)
      .max(ROTATION_COUNT_MAX.hours)
      .required()
      .description(`Units per turn: hours 1–${ROTATION_COUNT_MAX.hours}, days 1–${ROTATION_COUNT_MAX.days}, weeks 1–${ROTATION_COUNT_MAX.weeks}`),
  })
    .required()
    .description('How long each turn lasts: days and weeks by the local calendar (a handoff keeps its local time), hours elapsed'),
  anchor_date: Joi.string()
    .max(10)
    .pattern(/^\d{4}-\d\d-\d\d$/)
    .required()
    .messages({ 'string.pattern.base': 'must be a date YYYY-MM-DD' })
    .description("Local date of the first user's first turn; sets the phase (and, weekly, the weekday) of the rotation"),
  handoff_time: timeOfDay().required().description('Local time of each handoff (HH:MM)'),
  tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).default('UTC').description('IANA zone of anchor_date, handoff_time and restrictions'),
  starts_at: instant().allow(null).description('The layer takes part from this time (null: always)'),
  ends_at: instant().allow(null).description('…until this time (null: for ever)'),
  restrictions: Joi.array()
    .items(restrictionSchema)
    .max(ONCALL_LIMITS.restrictionsPerLayer)
    .default([])
    .description('Empty: on duty all the time; else only within these weekly local windows, which may not overlap'),
});

export const oncallOverrideSchema = Joi.object({
  user: Joi.string().guid().max(36).required().description('User id (a member of the account)'),
  starts_at: instant().required(),
  ends_at: instant().required().description(`After starts_at, at most ${ONCALL_LIMITS.overrideMaxDays} days later`),
});

export const oncallRangeQuerySchema = Joi.object({
  from: instant().description('Start of the range (default: now)'),
  to: instant().description(`End of the range, after from, at most ${ONCALL_LIMITS.rangeMaxDays} days later (default: from + 14 days)`),
});

export interface OncallScheduleInput {
  name: string;
  description: string | null;
}

export interface OncallLayerInput {
  name: string;
  position: number | null;
  userIds: string[];
  rotationUnit: RotationUnit;
  rotationCount: number;
  anchorDate: string;
  handoffTime: string;
  tz: string;
  startsAt: Date | null;
  endsAt: Date | null;
  restrictions: Restriction[];
}

export interface OncallOverrideInput {
  userId: string;
  startsAt: Date;
  endsAt: Date;
}

function validated<T>(schema: ObjectSchema, body: Record<string, unknown>): { value: T; errors: FieldErrors } {
  const { error, value } = schema.validate(body, BODY_OPTIONS);
  return { value: value as T, errors: fieldErrorsOf(error) };
}

function orFail(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
}

export function validateOncallScheduleInput(body: Record<string, unknown>): OncallScheduleInput {
  const { value, errors } = validated<{ name: string; description?: string | null }>(oncallScheduleSchema, body);
  orFail(errors);
  return { name: value.name, description: value.description ? value.description : null };
}

interface LayerBody {
  name: string;
  position?: number;
  users: string[];
  rotation: { unit: RotationUnit; count: number };
  anchor_date: string;
  handoff_time: string;
  tz: string;
  starts_at?: string | null;
  ends_at?: string | null;
  restrictions: Restriction[];
}

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * Validates a layer body (a create, or an update merged onto the stored layer): shapes and bounds,
 * a turn of at least one unit and at most a year, a real date, a known zone, the layer's start
 * before its end, restrictions that do not overlap. Users' membership is the caller's to check.
 */
export function validateOncallLayerInput(body: Record<string, unknown>): OncallLayerInput {
  const { value: v, errors } = validated<LayerBody>(oncallLayerSchema, body);
  if (!errors['rotation.count'] && !errors['rotation.unit'] && v.rotation && v.rotation.count > ROTATION_COUNT_MAX[v.rotation.unit]) {
    addFieldError(errors, 'rotation.count', `must be at most ${ROTATION_COUNT_MAX[v.rotation.unit]} for ${v.rotation.unit} (a turn lasts a year at most)`);
  }
  if (!errors.anchor_date && v.anchor_date !== undefined && !isCalendarDate(v.anchor_date))
    addFieldError(errors, 'anchor_date', 'is not a date of the calendar');
  if (!errors.tz && !isValidTimeZone(v.tz)) addFieldError(errors, 'tz', 'is not a known IANA time zone name');
  const startsAt = v.starts_at ? new Date(v.starts_at) : null;
  const endsAt = v.ends_at ? new Date(v.ends_at) : null;
  if (!errors.starts_at && !errors.ends_at && startsAt && endsAt && endsAt <= startsAt) addFieldError(errors, 'ends_at', 'must be after starts_at');
  if (!Object.keys(errors).some((f) => f.startsWith('restrictions'))) {
    const overlap = overlappingRestrictions(v.restrictions);
    if (overlap) {
      const [i, j] = overlap;
      addFieldError(
        errors,
        `restrictions.${j}`,
        i === j ? 'covers the same time twice' : `overlaps restrictions.${i}: restricted windows of a layer may not overlap`,
      );
    }
  }
  orFail(errors);
  return {
    name: v.name,
    position: v.position ?? null,
    userIds: v.users.map((u) => u.toLowerCase()),
    rotationUnit: v.rotation.unit,
    rotationCount: v.rotation.count,
    anchorDate: v.anchor_date,
    handoffTime: v.handoff_time,
    tz: canonicalTimeZone(v.tz),
    startsAt,
    endsAt,
    restrictions: v.restrictions.map((r) => ({ days: [...r.days].sort(), from: r.from, to: r.to })),
  };
}

const DAY_MS = 86_400_000;

export function validateOncallOverrideInput(body: Record<string, unknown>): OncallOverrideInput {
  const { value: v, errors } = validated<{ user: string; starts_at: string; ends_at: string }>(oncallOverrideSchema, body);
  if (!errors.starts_at && !errors.ends_at) {
    const length = Date.parse(v.ends_at) - Date.parse(v.starts_at);
    if (length <= 0) addFieldError(errors, 'ends_at', 'must be after starts_at');
    else if (length > ONCALL_LIMITS.overrideMaxDays * DAY_MS)
      addFieldError(errors, 'ends_at', `must be at most ${ONCALL_LIMITS.overrideMaxDays} days after starts_at`);
  }
  orFail(errors);
  return { userId: v.user.toLowerCase(), startsAt: new Date(v.starts_at), endsAt: new Date(v.ends_at) };
}

/** A range query (?from=&to=): default from now for 14 days, at most ONCALL_LIMITS.rangeMaxDays. */
export function validateOncallRange(query: Record<string, unknown>, now: Date): { from: Date; to: Date } {
  const { value: v, errors } = validated<{ from?: string; to?: string }>(oncallRangeQuerySchema, query);
  orFail(errors);
  const from = v.from ? new Date(v.from) : now;
  const to = v.to ? new Date(v.to) : new Date(from.getTime() + 14 * DAY_MS);
  if (to <= from) addFieldError(errors, 'to', 'must be after from');
  else if (to.getTime() - from.getTime() > ONCALL_LIMITS.rangeMaxDays * DAY_MS)
    addFieldError(errors, 'to', `must be at most ${ONCALL_LIMITS.rangeMaxDays} days after from`);
  orFail(errors);
  return { from, to };
}
