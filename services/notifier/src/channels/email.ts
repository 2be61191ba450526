import type { Notification } from '@upmon/core';
import { MailError, type Mailer } from '@upmon/mailer';
import { permanentError, transientError } from '../delivery-error.js';
import type { Channel } from './channel.js';
import { requiredString } from './config-fields.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function html(n: Notification): string {
  const rows = n.fields
    .map((f) => `<tr><th align="left" valign="top">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value).replace(/\n/g, '<br>')}</td></tr>`)
    .join('');
  return `<p style="border-left:4px solid ${n.color};padding-left:8px"><strong>${escapeHtml(n.headline)}</strong></p><table cellpadding="4">${rows}</table><p><a href="${escapeHtml(n.link)}">Open the check</a>${n.ackLink ? ` · <a href="${escapeHtml(n.ackLink)}">Acknowledge</a>` : ''}</p>`;
}

/**
 * E-mail over SMTP (SMTP_URL, the notifier's one mailer); subject `DOWN | <name>`. SMTP 5xx and
 * EAUTH are permanent.
 */
export function createEmailChannel(mailer: Mailer): Channel {
  return {
    kind: 'email',
    async send({ notification: n, config }) {
      const to = requiredString(config, 'email');
      try {
        await mailer.send({ to, subject: n.subject, text: n.text, html: html(n) });
      } catch (err) {
        if (err instanceof MailError) throw err.permanent ? permanentError(err.message) : transientError(err.message);
        throw err;
      }
      return { statusCode: null };
    },
  };
}
