import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl, tokenString } from '../../config/schema-parts.js';
import { createMatrixSender } from './sender.js';

export const matrix = {
  kind: 'matrix',
  label: 'Matrix',
  setup:
    'An account for upmon on your homeserver that has joined the room; its access token (Element: Settings → Help & About → Access token) and the room’s internal ID (Room settings → Advanced).',
  configSchema: Joi.object({
    homeserver_url: httpUrl.required(),
    room_id: Joi.string()
      .max(255)
      .pattern(/^![^\s:]+:[^\s]+$/)
      .required()
      .messages({ 'string.pattern.base': 'must be a room ID such as !AbCdEf:example.org (Room settings → Advanced)' }),
    access_token: tokenString(1024).required(),
  }),
  formFields: [
    { name: 'homeserver_url', label: 'Homeserver URL', type: 'url', required: true, hint: 'e.g. https://matrix.example.org' },
    { name: 'room_id', label: 'Room ID', type: 'text', required: true, hint: 'The internal ID, e.g. !AbCdEf:example.org (Room settings → Advanced).' },
    { name: 'access_token', label: 'Access token', type: 'password', required: true, secret: true, hint: 'Of an account that has joined the room.' },
  ],
  createSender: createMatrixSender,
} satisfies ChannelKind;
