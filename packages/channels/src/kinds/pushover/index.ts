import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { oneOfNumbers } from '../../config/schema-parts.js';
import { createPushoverSender } from './sender.js';

const pushoverKey = (what: string) =>
  Joi.string()
    .max(30)
    .pattern(/^[A-Za-z0-9]{30}$/)
    .required()
    .messages({ 'string.pattern.base': `must be a 30-character Pushover ${what}` });

export const pushover = {
  kind: 'pushover',
  label: 'Pushover',
  setup:
    'An application in Pushover (Your Applications → Create an Application/API Token) for its API token, and your user key (or a delivery group’s key) from the dashboard.',
  healthchecksName: 'po',
  configSchema: Joi.object({
    user_key: pushoverKey('user or group key'),
    app_token: pushoverKey('application API token'),
    priority_down: oneOfNumbers([-1, 0, 1, 2]).default(1),
    retry_sec: Joi.number().integer().min(30).max(10_800).default(300),
    expire_sec: Joi.number().integer().min(30).max(10_800).default(3600),
  }),
  formFields: [
    { name: 'user_key', label: 'User or group key', type: 'password', required: true, secret: true },
    { name: 'app_token', label: 'Application API token', type: 'password', required: true, secret: true },
    {
      name: 'priority_down',
      label: 'Priority of DOWN alerts',
      type: 'select',
      required: false,
      default: 1,
      options: [
        { value: -1, label: 'Quiet (-1)' },
        { value: 0, label: 'Normal (0)' },
        { value: 1, label: 'High: bypasses quiet hours (1)' },
        { value: 2, label: 'Emergency: repeats until acknowledged (2)' },
      ],
      hint: 'Recoveries and late warnings are sent at normal priority.',
    },
    { name: 'retry_sec', label: 'Emergency: repeat every (seconds)', type: 'number', required: false, default: 300, hint: '30 to 10800.' },
    { name: 'expire_sec', label: 'Emergency: stop repeating after (seconds)', type: 'number', required: false, default: 3600, hint: '30 to 10800.' },
  ],
  createSender: createPushoverSender,
} satisfies ChannelKind;
