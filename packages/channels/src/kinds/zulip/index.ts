import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl, tokenString } from '../../config/schema-parts.js';
import { TOPIC_MAX } from './message.js';
import { createZulipSender } from './sender.js';

export const zulip = {
  kind: 'zulip',
  label: 'Zulip',
  setup:
    'A bot of type "Incoming webhook" (Personal settings → Bots → Add a new bot), subscribed to the stream; its e-mail address and API key are on the bot’s card.',
  configSchema: Joi.object({
    site_url: httpUrl.required(),
    bot_email: Joi.string()
      .email({ tlds: { allow: false } })
      .max(254)
      .required(),
    api_key: tokenString(128).required(),
    stream: Joi.string().min(1).max(60).required(),
    topic: Joi.string().min(1).max(TOPIC_MAX),
  }),
  formFields: [
    { name: 'site_url', label: 'Zulip server URL', type: 'url', required: true, hint: 'e.g. https://example.zulipchat.com' },
    { name: 'bot_email', label: 'Bot e-mail address', type: 'email', required: true },
    { name: 'api_key', label: 'Bot API key', type: 'password', required: true, secret: true },
    { name: 'stream', label: 'Stream (channel)', type: 'text', required: true },
    { name: 'topic', label: 'Topic', type: 'text', required: false, hint: 'Optional. Empty: one topic per check, named after it.' },
  ],
  createSender: createZulipSender,
} satisfies ChannelKind;
