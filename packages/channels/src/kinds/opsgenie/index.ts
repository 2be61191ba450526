import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { createOpsgenieSender } from './sender.js';

export const opsgenie = {
  kind: 'opsgenie',
  label: 'Opsgenie',
  setup:
    'An "API" integration on the Opsgenie team (Teams → the team → Integrations → Add integration → API); copy its API key, and pick the region your account is in.',
  configSchema: Joi.object({
    api_key: Joi.string()
      .max(36)
      .pattern(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
      .required()
      .messages({ 'string.pattern.base': 'must be the API key of an Opsgenie API integration (a UUID)' }),
    region: Joi.string().valid('us', 'eu').default('us'),
  }),
  formFields: [
    { name: 'api_key', label: 'API key', type: 'password', required: true, secret: true, hint: 'Of an API integration of the team.' },
    {
      name: 'region',
      label: 'Region',
      type: 'select',
      required: false,
      options: [
        { value: 'us', label: 'US (api.opsgenie.com)' },
        { value: 'eu', label: 'EU (api.eu.opsgenie.com)' },
      ],
      default: 'us',
    },
  ],
  createSender: createOpsgenieSender,
} satisfies ChannelKind;
