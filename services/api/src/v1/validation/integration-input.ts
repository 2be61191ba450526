import Joi from 'joi';
import { ApiError, type FieldErrors } from '../../http/api-error.js';
import { BODY_OPTIONS, fieldErrorsOf } from './joi-errors.js';
import { checkTimeZone } from './schedule-schema.js';
import { CONFIG_SCHEMAS, INTEGRATION_KINDS, type IntegrationKindName } from './integration-config-schemas.js';

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const timeOfDay = Joi.string().pattern(TIME_OF_DAY).required().messages({ 'string.pattern.base': 'must be a time of day HH:MM (00:00 to 23:59)' });

const integrationSchema = Joi.object({
  kind: Joi.string()
    .valid(...INTEGRATION_KINDS)
    .required(),
  name: Joi.string().min(1).max(255).required(),
  events: Joi.array().items(Joi.string().valid('down', 'up', 'late')).unique().required(),
  tags: Joi.array().items(Joi.string().min(1).max(100)).max(100).unique().allow(null).default(null),
  enabled: Joi.boolean().default(true),
  quiet_hours: Joi.object({ from: timeOfDay, to: timeOfDay, tz: Joi.string().max(64).required() }).allow(null).default(null),
  reminders: Joi.array().items(Joi.number().integer().min(1).max(168)).max(20).unique().allow(null).default(null),
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

export interface IntegrationInput {
  kind: IntegrationKindName;
  name: string;
  events: string[];
  tags: string[] | null;
  enabled: boolean;
  quiet_hours: QuietHours | null;
  reminders: number[] | null;
  config: Record<string, unknown>;
}

/** Validates a whole integration (a create body, or a PATCH merged onto the stored one). */
export function validateIntegrationInput(body: Record<string, unknown>): IntegrationInput {
  const { error, value } = integrationSchema.validate(body, BODY_OPTIONS);
  const errors: FieldErrors = fieldErrorsOf(error);
  const qh = body.quiet_hours as Record<string, unknown> | null | undefined;
  if (qh && typeof qh === 'object') {
    checkTimeZone(errors, 'quiet_hours.tz', qh.tz);
    if (typeof qh.from === 'string' && qh.from === qh.to) (errors['quiet_hours.to'] ??= []).push('must differ from quiet_hours.from');
  }
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return value as IntegrationInput;
}
