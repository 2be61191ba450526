import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createMattermostSender } from './sender.js';

export const mattermost = {
  kind: 'mattermost',
  label: 'Mattermost',
  setup: 'An incoming webhook for the channel (Integrations → Incoming Webhooks → Add Incoming Webhook).',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [{ name: 'webhook_url', label: 'Mattermost incoming webhook URL', type: 'url', required: true, secret: true }],
  createSender: createMattermostSender,
} satisfies ChannelKind;
