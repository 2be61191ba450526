import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl, tokenString } from '../../config/schema-parts.js';
import { createGotifySender } from './sender.js';

export const gotify = {
  kind: 'gotify',
  label: 'Gotify',
  setup: 'An application on your Gotify server (Apps → Create Application); copy its token.',
  configSchema: Joi.object({ server_url: httpUrl.required(), app_token: tokenString(256).required() }),
  formFields: [
    { name: 'server_url', label: 'Server URL', type: 'url', required: true, hint: 'e.g. https://gotify.example.com' },
    { name: 'app_token', label: 'Application token', type: 'password', required: true, secret: true },
  ],
  createSender: createGotifySender,
} satisfies ChannelKind;
