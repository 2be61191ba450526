import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { createTelegramSender } from './sender.js';

/** The operator's Telegram bot; the chat is linked through the deep link the API returns on create. */
export const telegram = {
  kind: 'telegram',
  label: 'Telegram',
  setup: 'Nothing to create: open the link shown after saving, press Start in Telegram (or add the bot to a group), and the chat is linked.',
  // The chat is linked through the deep link returned on create: nothing to configure.
  configSchema: Joi.object({}),
  formFields: [],
  createSender: createTelegramSender,
} satisfies ChannelKind;
