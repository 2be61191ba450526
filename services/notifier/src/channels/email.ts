import nodemailer, { type Transporter } from 'nodemailer';
import type { Notification } from '@upmon/core';
import { permanentError, transientError } from '../delivery-error.js';
import type { Channel } from './channel.js';
import { requiredSetting, requiredString } from './config-fields.js';

export interface EmailSettings {
  smtpUrl: string | undefined;
  from: string;
  timeoutMs: number;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function html(n: Notification): string {
  const rows = n.fields
    .map((f) => `<tr><th align="left" valign="top">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value).replace(/\n/g, '<br>')}</td></tr>`)
    .join('');
  return `<p style="border-left:4px solid ${n.color};padding-left:8px"><strong>${escapeHtml(n.headline)}</strong></p><table cellpadding="4">${rows}</table><p><a href="${escapeHtml(n.link)}">Open the check</a></p>`;
}

/**
 * SMTP replies 5xx and authentication failures are permanent; 4xx replies and connection
 * problems are transient.
 */
function classifySmtpError(err: unknown): Error {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const message = `SMTP ${e.code ?? 'error'}${e.responseCode ? ` ${e.responseCode}` : ''}: ${(e.message ?? '').slice(0, 300)}`;
  if (e.code === 'EAUTH' || (typeof e.responseCode === 'number' && e.responseCode >= 500)) return permanentError(message);
  return transientError(message);
}

/** E-mail through nodemailer over SMTP (SMTP_URL); subject `DOWN | <name>`. */
export function createEmailChannel(settings: EmailSettings): Channel & { close(): void } {
  let transport: Transporter | null = null;
  const transporter = () => {
    transport ??= nodemailer.createTransport(
      {
        url: requiredSetting(settings.smtpUrl, 'SMTP_URL'),
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs * 3,
      } as Parameters<typeof nodemailer.createTransport>[0],
      { from: settings.from },
    );
    return transport;
  };
  return {
    kind: 'email',
    async send({ notification: n, config }) {
      const to = requiredString(config, 'email');
      const t = transporter();
      try {
        await t.sendMail({ to, subject: n.subject, text: n.text, html: html(n) });
      } catch (err) {
        throw classifySmtpError(err);
      }
      return { statusCode: null };
    },
    close() {
      transport?.close();
    },
  };
}
