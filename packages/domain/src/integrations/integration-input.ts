import { Joi } from '@upmon/bounded-joi';
import { CHANNEL_KINDS, KIND_NAMES } from '@upmon/channels';
import { canonicalTimeZone, FLAP_DEFAULTS, FLAP_MAX_CHANGES_LIMIT, MAX_TIME_ZONE_LENGTH, FLAP_WINDOW_MIN_LIMIT } from '@upmon/core';
import { ApiError, type FieldErrors } from '../errors.js';
import type { IntegrationBody } from '../generated/request-bodies.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';
import { checkTimeZone } from '../checks/schedule-schema.js';
import { displayName } from '../validation/display-name.js';

/** Longest escalation delay, in minutes (a day). */
export const ESCALATE_AFTER_MIN_LIMIT = 1440;

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const timeOfDay = Joi.string().max(5).pattern(TIME_OF_DAY).required().messages({ 'string.pattern.base': 'must be a time of day HH:MM (00:00 to 23:59)' });

export const integrationSchema = Joi.object({
  kind: Joi.string()
    .valid(...KIND_NAMES)
    .required()
    .description('Cannot be changed by PATCH (422).'),
  name: displayName(255).required(),
  events: Joi.array()
    .items(Joi.string().valid('down', 'up', 'late'))
    .max(3)
    .unique()
    .required(),
  tags: Joi.array()
    .items(Joi.string().min(1).max(100))
    .max(100)
    .unique()
    .allow(null)
    .default(null)
    .description('Only checks with one of these tags notify; null = all checks.'),
  enabled: Joi.boolean().default(true),
  quiet_hours: Joi.object({ from: timeOfDay, to: timeOfDay, tz: Joi.string().max(MAX_TIME_ZONE_LENGTH).required() })
    .id('QuietHours')
    .allow(null)
    .default(null),
  reminders: Joi.array().items(Joi.number().integer().min(1).max(168)).max(20).unique().allow(null).default(null),
  flapping: Joi.object({
    max_changes: Joi.number().integer().min(1).max(FLAP_MAX_CHANGES_LIMIT).required(),
    window_minutes: Joi.number().integer().min(1).max(FLAP_WINDOW_MIN_LIMIT).required(),
  })
    .id('Flapping')
    .allow(null)
    .default(() => ({ max_changes: FLAP_DEFAULTS.maxChanges, window_minutes: FLAP_DEFAULTS.windowMin }))
    .description(
      `Default {max_changes: ${FLAP_DEFAULTS.maxChanges}, window_minutes: ${FLAP_DEFAULTS.windowMin}}: a check that changes status more than max_changes times within window_minutes stops sending one message per change; the rest arrive as one digest. null: every change is sent.`,
    ),
  // Escalation: minutes after a down before this integration hears of it (0 or null: at once).
  escalate_after_min: Joi.number()
    .integer()
    .min(0)
    .max(ESCALATE_AFTER_MIN_LIMIT)
    .allow(null)
    .default(0)
    .description(
      'An addition to the spec (escalation): minutes after a check goes down before this integration is notified, only if the check is still down and not acknowledged by then; its reminders and the recovery follow only once it was. 0 or null: at once.',
    ),
  // Each kind's config schema, from its folder in @upmon/channels (docs/notifications.md, "Adding
  // a channel"); a kind with nothing required (telegram) may leave it out. The title names the
  // kind each config belongs to in the OpenAPI document.
  config: Joi.when('kind', {
    switch: CHANNEL_KINDS.map((k) => {
      const schema = k.configSchema.meta({ title: k.kind });
      return { is: k.kind, then: k.formFields.some((f) => f.required) ? schema.required() : schema.default({}) };
    }),
    otherwise: Joi.forbidden(),
  }).description('The settings of the kind (telegram: none; docs/notifications.md, "Channels"). Stored encrypted, never returned.'),
});

/** An integration as the API accepts it: the body after its defaults, with the config of its kind. */
export type IntegrationInput = Omit<IntegrationBody, 'config'> & { config: NonNullable<IntegrationBody['config']> };

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
  const input = value as IntegrationInput;
  // A legacy zone name is stored as its canonical zone (canonicalTimeZone), like a check's.
  if (input.quiet_hours) input.quiet_hours = { ...input.quiet_hours, tz: canonicalTimeZone(input.quiet_hours.tz) };
  return input;
}
