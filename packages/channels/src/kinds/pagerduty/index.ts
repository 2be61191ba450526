import type { ChannelKind } from '../../channel-kind.js';
import { Joi } from '@upmon/bounded-joi';
import { createPagerDutySender } from './sender.js';

export const pagerduty = {
  kind: 'pagerduty',
  label: 'PagerDuty',
  setup: 'An "Events API V2" integration on the PagerDuty service (Service → Integrations → Add an integration); its Integration Key is the routing key.',
  healthchecksName: 'pd',
  configSchema: Joi.object({
    routing_key: Joi.string()
      .max(32)
      .pattern(/^[A-Za-z0-9]{32}$/)
      .required()
      .messages({ 'string.pattern.base': 'must be a 32-character Events API v2 integration key' }),
  }),
  formFields: [
    {
      name: 'routing_key',
      label: 'Integration (routing) key',
      type: 'password',
      required: true,
      secret: true,
      hint: 'The 32-character key of an Events API v2 integration.',
    },
  ],
  createSender: createPagerDutySender,
} satisfies ChannelKind;
