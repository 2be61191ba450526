import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createDiscordSender } from './sender.js';

export const discord = {
  kind: 'discord',
  label: 'Discord',
  setup: 'A webhook for the channel (Edit Channel → Integrations → Webhooks → New Webhook → Copy Webhook URL).',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [{ name: 'webhook_url', label: 'Discord webhook URL', type: 'url', required: true, secret: true }],
  createSender: createDiscordSender,
} satisfies ChannelKind;
