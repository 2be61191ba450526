import { Joi } from '@upmon/bounded-joi';
import { findPlaceholders, isMediaType, TEMPLATE_PLACEHOLDERS } from '@upmon/core';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createWebhookSender } from './sender.js';

const placeholderList = TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ');
const knownPlaceholders = TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

const unknownPlaceholder = (template: string): string | null =>
  findPlaceholders(template).find((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) ?? null;

/** A POST to any URL, with a body template and an optional HMAC signature (docs/notifications.md). */
export const webhook = {
  kind: 'webhook',
  label: 'Webhook',
  setup: 'An HTTP endpoint of yours that accepts POST requests. With a signing secret, verify X-Signature before trusting a request.',
  configSchema: Joi.object({
    url: httpUrl.required(),
    secret: Joi.string().min(1).max(256),
    body_template: Joi.string()
      .max(10_000)
      .custom((value: string, helpers) => {
        const unknown = unknownPlaceholder(value);
        // Passed as context, not written into the message: joi reads {{…}} in a message as its own template.
        return unknown === null ? value : helpers.error('template.placeholder', { name: `{{${unknown}}}`, known: knownPlaceholders });
      })
      .messages({ 'template.placeholder': 'uses {#name}, which is not a placeholder we know; the placeholders are {#known}' }),
    content_type: Joi.string()
      .max(255)
      .custom((value: string, helpers) => (isMediaType(value) ? value : helpers.error('media.type')))
      .messages({ 'media.type': 'must be a media type such as application/json' }),
  }),
  formFields: [
    // A URL often carries a token of the receiver's: treated as a credential.
    { name: 'url', label: 'URL to POST to', type: 'url', required: true, secret: true },
    {
      name: 'secret',
      label: 'Signing secret',
      type: 'password',
      required: false,
      secret: true,
      hint: 'Optional. Requests then carry X-Signature: t=<unix>,v1=<HMAC-SHA256 of "<unix>.<body>">.',
    },
    { name: 'content_type', label: 'Content type', type: 'text', required: false, hint: 'Optional; application/json by default.' },
    {
      // A template may hold the receiver's token (`{"token": "…"}`): treated as a credential.
      name: 'body_template',
      label: 'Body template',
      type: 'textarea',
      required: false,
      secret: true,
      hint: `Optional. Placeholders: ${placeholderList}. Empty: a JSON object with all of them.`,
    },
  ],
  createSender: createWebhookSender,
} satisfies ChannelKind;
