import type { RequestHandler } from 'express';
import { ApiError } from '../http/api-error.js';
import { authOf } from './authenticate.js';
import { apiKeyBudgets, checkChangeBudgets, REQUESTS_PER_MINUTE_PER_KEY } from './budgets.js';
import type { RateLimiter } from './rate-limiter.js';

function tooMany(message: string, retryAfterSec: number): ApiError {
  return new ApiError('rate_limited', `${message}; retry in ${retryAfterSec} s`, { headers: { 'Retry-After': String(retryAfterSec) } });
}

/** 600 requests per rolling minute per API key. */
export function perKeyRateLimit(limiter: RateLimiter, prefix: string): RequestHandler {
  return async (_req, res, next) => {
    const d = await limiter.hit(apiKeyBudgets(prefix, authOf(res).keyId));
    if (!d.allowed) throw tooMany(`rate limit of ${REQUESTS_PER_MINUTE_PER_KEY} requests per minute per API key exceeded`, d.retryAfterSec);
    next();
  };
}

/** Spends one check creation or deletion of the account (10/min and 60/h, separate budgets). */
export async function spendCheckChange(limiter: RateLimiter, prefix: string, op: 'create' | 'delete', accountId: string): Promise<void> {
  const d = await limiter.hit(checkChangeBudgets(prefix, op, accountId));
  if (!d.allowed) {
    const verb = op === 'create' ? 'creation' : 'deletion';
    throw tooMany(`check ${verb} limit exceeded (10 per minute and 60 per hour per account)`, d.retryAfterSec);
  }
}
