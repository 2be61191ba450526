import { ApiError } from '../errors.js';
import { checkChangeBudgets, verificationMailBudgets, VERIFICATION_MAILS_PER_HOUR } from './budgets.js';
import type { RateLimiter } from './rate-limiter.js';

/** 429 with Retry-After in whole seconds. */
export function tooManyRequests(message: string, retryAfterSec: number): ApiError {
  return new ApiError('rate_limited', `${message}; retry in ${retryAfterSec} s`, { headers: { 'Retry-After': String(retryAfterSec) } });
}

/** Spends one check creation or deletion of the account (10/min and 60/h, separate budgets). */
export async function spendCheckChange(limiter: RateLimiter, prefix: string, op: 'create' | 'delete', accountId: string): Promise<void> {
  const d = await limiter.hit(checkChangeBudgets(prefix, op, accountId));
  if (!d.allowed) {
    const verb = op === 'create' ? 'creation' : 'deletion';
    throw tooManyRequests(`check ${verb} limit exceeded (10 per minute and 60 per hour per account)`, d.retryAfterSec);
  }
}

/** Spends one e-mail verification mail of the account (20/h): a 429 comes before anything is written. */
export async function spendVerificationMail(limiter: RateLimiter, prefix: string, accountId: string): Promise<void> {
  const d = await limiter.hit(verificationMailBudgets(prefix, accountId));
  if (!d.allowed) throw tooManyRequests(`verification e-mail limit exceeded (${VERIFICATION_MAILS_PER_HOUR} per hour per account)`, d.retryAfterSec);
}
