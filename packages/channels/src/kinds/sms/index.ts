import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { createSmsSender } from './sender.js';

/** Text messages through the operator's Twilio-compatible account; each counts against the account's monthly SMS quota. */
export const sms = {
  kind: 'sms',
  label: 'SMS',
  setup: 'Nothing to create: messages are sent from the operator’s account and count against the monthly SMS quota of your plan.',
  configSchema: Joi.object({
    phone: Joi.string()
      .max(16)
      .pattern(/^\+[1-9][0-9]{6,14}$/)
      .required()
      .messages({ 'string.pattern.base': 'must be an E.164 phone number such as +15551234567' }),
  }),
  formFields: [{ name: 'phone', label: 'Phone number', type: 'text', required: true, secret: true, hint: 'In international format, e.g. +15551234567.' }],
  createSender: createSmsSender,
} satisfies ChannelKind;
