import { Joi } from '@upmon/bounded-joi';
import type { ChannelKind } from '../../channel-kind.js';
import { createEmailSender } from './sender.js';

/**
 * E-mail through the operator's SMTP server. The address must be confirmed through a link mailed
 * to it before alerts go there (the API and notifier enforce it: docs/notifications.md).
 */
export const email = {
  kind: 'email',
  label: 'E-mail',
  setup: 'Nothing to create: upmon mails a confirmation link to the address, and alerts go there once it has been opened.',
  configSchema: Joi.object({
    email: Joi.string()
      .email({ tlds: { allow: false } })
      .max(254)
      .required(),
  }),
  // The address is a person's (or a mail-to-ticket gateway's secret one): read-only users see it masked.
  formFields: [{ name: 'email', label: 'Send to address', type: 'email', required: true, secret: true }],
  createSender: (deps) => createEmailSender(deps.mailer),
} satisfies ChannelKind;
