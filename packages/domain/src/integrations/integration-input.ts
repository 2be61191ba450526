import { FLAP_DEFAULTS, FLAP_MAX_CHANGES_LIMIT, MAX_TIME_ZONE_LENGTH, FLAP_WINDOW_MIN_LIMIT } from '@upmon/core';
import { ApiError, type FieldErrors } from '../errors.js';
import { Joi } from '../validation/bounded-joi.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { checkTimeZone } from '../checks/schedule-schema.js';
import { CONFIG_SCHEMAS, INTEGRATION_KINDS, type IntegrationKindName } from './integration-config-schemas.js';

/** Longest escalation delay, in minutes (a day). */
export const ESCALATE_AFTER_MIN_LIMIT = 1440;

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const timeOfDay = Joi.string().max(5).pattern(TIME_OF_DAY).required().messages({ 'string.pattern.base': 'must be a time of day HH:MM (00:00 to 23:59)' });

export const integrationSchema = Joi.object({
  kind: Joi.string()
    .valid(...INTEGRATION_KINDS)
    .required(),
  name: Joi.string().min(1).max(255).required(),
  events: Joi.array()
    .items(Joi.string().valid('down', 'up', 'late'))
    .max(3)
    .unique()
    .required(),
  tags: Joi.array().items(Joi.string().min(1).max(100)).max(100).unique().allow(null).default(null),
  enabled: Joi.boolean().default(true),
  quiet_hours: Joi.object({ from: timeOfDay, to: timeOfDay, tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).required() })
    .allow(null)
    .default(null),
  reminders: Joi.array().items(Joi.number().integer().min(1).max(168)).max(20).unique().allow(null).default(null),
  flapping: Joi.object({
    max_changes: Joi.number().integer().min(1).max(FLAP_MAX_CHANGES_LIMIT).required(),
    window_minutes: Joi.number().integer().min(1).max(FLAP_WINDOW_MIN_LIMIT).required(),
  })
    .allow(null)
    .default(() => ({ max_changes: FLAP_DEFAULTS.maxChanges, window_minutes: FLAP_DEFAULTS.windowMin })),
  // Escalation: minutes after a down before this integration hears of it (0 or null: at once).
  escalate_after_min: Joi.number().integer().min(0).max(ESCALATE_AFTER_MIN_LIMIT).allow(null).default(0),
  config: Joi.when('kind', {
    switch: INTEGRATION_KINDS.filter((k) => k !== 'telegram').map((k) => ({ is: k, then: CONFIG_SCHEMAS[k].required() })),
    otherwise: CONFIG_SCHEMAS.telegram.default({}),
  }),
});

export interface QuietHours {
  from: string;
  to: string;
  tz: string;
}

/** More than `max_changes` status changes of a check in `window_minutes` are sent as one digest. */
export interface FlappingInput {
  max_changes: number;
  window_minutes: number;
}

export interface IntegrationInput {
  kind: IntegrationKindName;
  name: string;
  events: string[];
  tags: string[] | null;
  enabled: boolean;
  quiet_hours: QuietHours | null;
  reminders: number[] | null;
  /** null: every status change is sent. */
  flapping: FlappingInput | null;
  /** 0 or null: at once. */
  escalate_after_min: number | null;
  config: Record<string, unknown>;
}

/** Validates a whole integration (a create body, or a PATCH merged onto the stored one). */
export function validateIntegrationInput(body: Record<string, unknown>): IntegrationInput {
  const { error, value } = integrationSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  const qh = body.quiet_hours as Record<string, unknown> | null | undefined;
  if (qh && typeof qh === 'object') {
    // Only a zone name joi found well-formed (and within its length) is looked up.
    if (!errors['quiet_hours'] && !errors['quiet_hours.tz']) checkTimeZone(errors, 'quiet_hours.tz', qh.tz);
    if (typeof qh.from === 'string' && qh.from === qh.to) (errors['quiet_hours.to'] ??= []).push('must differ from quiet_hours.from');
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return value as IntegrationInput;
}
