import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { createVictorOpsSender } from './sender.js';

export const victorops = {
  kind: 'victorops',
  label: 'Splunk On-Call (VictorOps)',
  setup:
    'The "REST – Generic" integration (Integrations → 3rd Party Integrations → REST – Generic → Enable): its URL ends in /alert/<API key>/$routing_key; and a routing key (Settings → Routing Keys) that leads to the right team.',
  configSchema: Joi.object({
    api_key: Joi.string()
      .max(64)
      .pattern(/^[A-Za-z0-9-]+$/)
      .required()
      .messages({ 'string.pattern.base': 'must be the key in the REST endpoint URL (letters, digits and dashes)' }),
    routing_key: Joi.string()
      .max(128)
      .pattern(/^[A-Za-z0-9_.-]+$/)
      .required()
      .messages({ 'string.pattern.base': 'must be a routing key (letters, digits, dots, dashes and underscores)' }),
  }),
  formFields: [
    {
      name: 'api_key',
      label: 'REST endpoint API key',
      type: 'password',
      required: true,
      secret: true,
      hint: 'The part of the REST endpoint URL after /alert/.',
    },
    { name: 'routing_key', label: 'Routing key', type: 'text', required: true, secret: true },
  ],
  createSender: createVictorOpsSender,
} satisfies ChannelKind;
