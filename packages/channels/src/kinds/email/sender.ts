import { MailError, type Mailer } from '@upmon/mailer';
import type { ChannelSender } from '../../channel-kind.js';
import { requiredString } from '../../format/config-values.js';
import { permanentError, transientError } from '../../transport/delivery-error.js';
import { emailMessage } from './message.js';

/**
 * E-mail over SMTP (SMTP_URL, the notifier's one mailer); subject `DOWN | <name>`. SMTP 5xx and
 * EAUTH are permanent.
 */
export function createEmailSender(mailer: Mailer): ChannelSender {
  return {
    async send({ notification, config }) {
      const to = requiredString(config, 'email');
      try {
        await mailer.send({ to, ...emailMessage(notification) });
      } catch (err) {
        if (err instanceof MailError) throw err.permanent ? permanentError(err.message) : transientError(err.message);
        throw err;
      }
      return { statusCode: null };
    },
  };
}
