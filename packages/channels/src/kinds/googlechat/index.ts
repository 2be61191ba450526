import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createGoogleChatSender } from './sender.js';

export const googlechat = {
  kind: 'googlechat',
  label: 'Google Chat',
  setup: 'A webhook in the space (space name → Apps & integrations → Webhooks → Add webhook); copy its URL.',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [
    {
      name: 'webhook_url',
      label: 'Space webhook URL',
      type: 'url',
      required: true,
      secret: true,
      hint: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…&token=…',
    },
  ],
  createSender: createGoogleChatSender,
} satisfies ChannelKind;
