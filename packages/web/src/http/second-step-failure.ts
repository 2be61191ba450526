import { PASSWORD_KNOWN_MAILS_WINDOW_MS, passwordKnownMailBudgets } from '@upmon/domain';
import type { Request } from 'express';
import type { WebContext } from '../web-context.js';
import { sendAccountMail } from './account-mail.js';
import { recordPersonEvent } from './sign-in-audit.js';

/**
 * A wrong code or refused security key after a right password (or sign-in link): logged as its own
 * audit event, and the person is told by e-mail that their password is known, at most once per
 * PASSWORD_KNOWN_MAILS_WINDOW_MS (a guesser must not flood their mailbox; the first mail is the one
 * that matters). The mail never holds the answer up: without SMTP, or when it fails, only a log line.
 */
export async function recordSecondStepFailure(ctx: WebContext, req: Request, user: { id: string; email: string; name: string }): Promise<void> {
  await recordPersonEvent(ctx, req, user, 'sign_in.second_step_failed');
  if (!ctx.mailer.configured) return;
  const d = await ctx.rateLimiter.hit(passwordKnownMailBudgets(ctx.config.redisPrefix, user.id));
  if (!d.allowed) return;
  const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);
  try {
    await sendAccountMail(ctx, user.email, 'Your upmon password was used: the two-factor step failed', [
      `Hello ${user.name},`,
      '',
      `At ${ctx.clock.now().toISOString()} someone signed in to upmon as ${user.email} with the right password`,
      `(or an e-mailed sign-in link), from the address ${client}, and then gave a wrong`,
      'two-factor code or security key, so they were not let in.',
      '',
      'If that was you, you can ignore this e-mail.',
      '',
      'If it was not you, someone knows your password. Set a new one now (this signs out every browser):',
      `${ctx.config.appBaseUrl}/reset-password`,
      '',
      `We send this e-mail at most once every ${PASSWORD_KNOWN_MAILS_WINDOW_MS / 3_600_000} hours, however many attempts follow.`,
    ]);
  } catch {
    // sendAccountMail has logged why; the sign-in page must not fail because of the mail.
  }
}
