import { findPlaceholders, isMediaType, TEMPLATE_PLACEHOLDERS } from '@upmon/core';
import type { ObjectSchema } from 'joi';
import { Joi } from '../validation/bounded-joi.js';

export const INTEGRATION_KINDS = ['telegram', 'email', 'webhook', 'slack', 'discord', 'mattermost', 'sms', 'pagerduty'] as const;
export type IntegrationKindName = (typeof INTEGRATION_KINDS)[number];

/** Placeholders a webhook body_template may use (spec: IntegrationInput); one list, in core. */
export const WEBHOOK_PLACEHOLDERS = TEMPLATE_PLACEHOLDERS;

const httpUrl = Joi.string()
  .uri({ scheme: ['http', 'https'] })
  .max(2048);

const unknownPlaceholder = (template: string): string | null =>
  findPlaceholders(template).find((name) => !(WEBHOOK_PLACEHOLDERS as readonly string[]).includes(name)) ?? null;

const bodyTemplate = Joi.string()
  .max(10_000)
  .custom((value: string, helpers) => (unknownPlaceholder(value) === null ? value : helpers.error('template.placeholder')))
  .messages({ 'template.placeholder': `uses an unknown placeholder; known: ${WEBHOOK_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}` });

/** Channel config by kind. Stored encrypted; never returned. */
export const CONFIG_SCHEMAS: Record<IntegrationKindName, ObjectSchema> = {
  // The chat is linked through the deep link returned on create: nothing to configure.
  telegram: Joi.object({}),
  email: Joi.object({
    email: Joi.string()
      .email({ tlds: { allow: false } })
      .max(254)
      .required(),
  }),
  webhook: Joi.object({
    url: httpUrl.required(),
    secret: Joi.string().min(1).max(256),
    body_template: bodyTemplate,
    content_type: Joi.string()
      .max(255)
      .custom((value: string, helpers) => (isMediaType(value) ? value : helpers.error('media.type')))
      .messages({ 'media.type': 'must be a media type such as application/json' }),
  }),
  slack: Joi.object({ webhook_url: httpUrl.required() }),
  discord: Joi.object({ webhook_url: httpUrl.required() }),
  mattermost: Joi.object({ webhook_url: httpUrl.required() }),
  sms: Joi.object({
    phone: Joi.string()
      .max(16)
      .pattern(/^\+[1-9][0-9]{6,14}$/)
      .required()
      .messages({ 'string.pattern.base': 'must be an E.164 phone number such as +15551234567' }),
  }),
  pagerduty: Joi.object({
    routing_key: Joi.string()
      .max(32)
      .pattern(/^[A-Za-z0-9]{32}$/)
      .required()
      .messages({ 'string.pattern.base': 'must be a 32-character Events API v2 integration key' }),
  }),
};
