import { ApiError } from '../http/api-error.js';
import { checkChangeBudgets } from './budgets.js';
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
