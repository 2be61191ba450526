import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createSlackSender } from './sender.js';

export const slack = {
  kind: 'slack',
  label: 'Slack',
  setup: 'A Slack app with Incoming Webhooks turned on, and a webhook added for the channel (Features → Incoming Webhooks → Add New Webhook to Workspace).',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [{ name: 'webhook_url', label: 'Slack incoming webhook URL', type: 'url', required: true, secret: true }],
  createSender: createSlackSender,
} satisfies ChannelKind;
