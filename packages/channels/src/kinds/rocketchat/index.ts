import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createRocketChatSender } from './sender.js';

export const rocketchat = {
  kind: 'rocketchat',
  label: 'Rocket.Chat',
  setup: 'An incoming webhook (Administration → Workspace → Integrations → New → Incoming, posting to the channel); copy its Webhook URL.',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [{ name: 'webhook_url', label: 'Incoming webhook URL', type: 'url', required: true, secret: true, hint: 'https://chat.example.com/hooks/…/…' }],
  createSender: createRocketChatSender,
} satisfies ChannelKind;
