import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import { verificationLink } from './verification-link.js';

export interface VerificationMail {
  integrationId: number;
  to: string;
  integrationName: string;
  token: string;
  expiresAt: Date;
}

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Mails the verification link. Called after the integration is committed and not awaited by the
 * request: a slow or failing SMTP server costs the API client nothing, and a mail that could not
 * be sent is logged (a PATCH with the config sends a new link). Never throws.
 */
export async function sendVerificationMail(deps: { mailer: Mailer; logger: Logger; appBaseUrl: string }, m: VerificationMail): Promise<void> {
  const link = verificationLink(deps.appBaseUrl, m.token);
  const text = [
    `Someone asked upmon to send monitoring alerts to this address, from the integration "${m.integrationName}".`,
    '',
    'To receive them, open this link and confirm:',
    link,
    '',
    `The link works once, until ${utc(m.expiresAt)}. If you did not expect this, ignore this message: no alerts are sent to an address that has not been confirmed.`,
  ].join('\n');
  try {
    await deps.mailer.send({ to: m.to, subject: 'Confirm your address for upmon alerts', text });
    deps.logger.info({ integrationId: m.integrationId }, 'e-mail verification link sent');
  } catch (err) {
    deps.logger.warn({ integrationId: m.integrationId, err: (err as Error).message }, 'e-mail verification link not sent');
  }
}
