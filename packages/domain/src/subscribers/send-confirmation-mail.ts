import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import { confirmSubscriptionUrl } from '@upmon/core';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Mails the confirmation link of a subscription. Not awaited by the request (a slow SMTP server
 * costs the visitor nothing, and answering after the mail would tell apart addresses that get
 * one); a mail that could not be sent is logged, and subscribing again sends a new link. Never throws.
 */
export async function sendSubscriptionConfirmation(
  deps: { mailer: Mailer; logger: Logger; appBaseUrl: string },
  m: { to: string; token: string; pageTitle: string; expiresAt: Date; publicKey: string },
): Promise<void> {
  const text = [
    `Someone asked for news of the status page "${m.pageTitle}" to be sent to this address: incidents, their updates and their resolution.`,
    '',
    'To receive them, open this link and confirm:',
    confirmSubscriptionUrl(deps.appBaseUrl, m.publicKey, m.token),
    '',
    `The link works once, until ${utc(m.expiresAt)}. If you did not ask for this, ignore this message: nothing is sent to an address that has not been confirmed.`,
  ].join('\n');
  try {
    await deps.mailer.send({ to: m.to, subject: `Confirm your subscription to ${m.pageTitle}`, text });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'subscription confirmation not sent');
  }
}
