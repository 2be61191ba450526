import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import { spendVerificationMail } from '../rate-limits/spend-budgets.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { sendVerificationMail, type VerificationMail } from './send-verification-mail.js';

export interface VerificationMailingDeps {
  rateLimiter: RateLimiter;
  redisPrefix: string;
  mailer: Mailer;
  logger: Logger;
  appBaseUrl: string;
}

/**
 * The e-mail verification side of creating and editing integrations, the same for the REST API
 * and the web app: each link mailed spends one of the account's verification mails (429 over the
 * budget, before anything is written), and the mail goes out after the commit, not awaited.
 */
export function verificationMailing(deps: VerificationMailingDeps) {
  const mail = { mailer: deps.mailer, logger: deps.logger, appBaseUrl: deps.appBaseUrl };
  return {
    /** Spends one verification mail of the account; throws ApiError 429 when none is left. */
    spend: (accountId: string) => spendVerificationMail(deps.rateLimiter, deps.redisPrefix, accountId),
    /** Mails a committed link; never throws (a failure is logged; a new edit sends a new link). */
    send: (m: VerificationMail) => void sendVerificationMail(mail, m),
  };
}

export type VerificationMailing = ReturnType<typeof verificationMailing>;
