import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl, tokenString } from '../../config/schema-parts.js';
import { createNtfySender } from './sender.js';

export const ntfy = {
  kind: 'ntfy',
  label: 'ntfy',
  setup:
    'A topic on ntfy.sh or your own ntfy server, subscribed to in the ntfy app (pick a name nobody can guess); for a protected topic, an access token of a user allowed to publish to it.',
  configSchema: Joi.object({
    server_url: httpUrl.default('https://ntfy.sh'),
    topic: Joi.string()
      .max(64)
      .pattern(/^[-_A-Za-z0-9]+$/)
      .required()
      .messages({ 'string.pattern.base': 'may contain only letters, digits, _ and -' }),
    token: tokenString(256),
  }),
  formFields: [
    { name: 'server_url', label: 'Server URL', type: 'url', required: false, default: 'https://ntfy.sh' },
    {
      name: 'topic',
      label: 'Topic',
      type: 'text',
      required: true,
      secret: true,
      hint: 'Letters, digits, _ and -, at most 64: whoever knows it can read the alerts.',
    },
    { name: 'token', label: 'Access token', type: 'password', required: false, secret: true, hint: 'Optional: for a topic that needs one (tk_…).' },
  ],
  createSender: createNtfySender,
} satisfies ChannelKind;
