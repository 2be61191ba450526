import { MailError } from '@upmon/mailer';
import type { WebContext } from '../web-context.js';
import { WebError } from './web-error.js';

/**
 * Sends one account e-mail (sign-in link, reset, invitation). Without SMTP, or when the server
 * refuses, the person gets a page saying so instead of a silent loss.
 */
export async function sendAccountMail(ctx: WebContext, to: string, subject: string, lines: string[]): Promise<void> {
  requireMail(ctx);
  try {
    await ctx.mailer.send({ to, subject, text: `${lines.join('\n')}\n\n-- \nupmon ${ctx.config.appBaseUrl}\n` });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message }, 'account e-mail not sent');
    if (err instanceof MailError) throw new WebError(503, 'The e-mail could not be sent right now. Try again in a few minutes.');
    throw err;
  }
}

/** Refuses (503 page) a request that needs e-mail when no SMTP is configured, whoever it is for. */
export function requireMail(ctx: WebContext): void {
  if (!ctx.mailer.configured) throw new WebError(503, 'E-mail is not configured on this server (no SMTP), so this cannot be sent. Ask your operator.');
}
