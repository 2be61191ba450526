import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { httpUrl } from '../../config/schema-parts.js';
import { createTeamsSender } from './sender.js';

export const msteams = {
  kind: 'msteams',
  label: 'Microsoft Teams',
  setup:
    'In the Teams channel: ⋯ → Workflows → the template "Send webhook alerts to a channel" (or "Post to a channel when a webhook request is received"); copy the URL the workflow shows.',
  healthchecksName: 'msteamsw',
  configSchema: Joi.object({ webhook_url: httpUrl.required() }),
  formFields: [
    {
      name: 'webhook_url',
      label: 'Workflow webhook URL',
      type: 'url',
      required: true,
      secret: true,
      hint: 'The URL of the channel’s "Send webhook alerts to a channel" workflow.',
    },
  ],
  createSender: createTeamsSender,
} satisfies ChannelKind;
