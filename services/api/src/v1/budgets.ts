import type { Budget } from './rate-limiter.js';

/** Rate limits of the spec ("Limits"); key names are stable so other tools can share the budgets. */
export const REQUESTS_PER_MINUTE_PER_KEY = 600;
export const CHECK_CHANGES_PER_MINUTE = 10;
export const CHECK_CHANGES_PER_HOUR = 60;

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Named by the key's SHA-256 (what a request presents), so it can be spent while the key is looked up. */
export function apiKeyBudgets(prefix: string, keyHash: string): Budget[] {
  return [{ key: `${prefix}:ratelimit:api-key:${keyHash}`, limit: REQUESTS_PER_MINUTE_PER_KEY, windowMs: MINUTE }];
}

/** Creation and deletion have separate budgets, each per account (all its projects and keys). */
export function checkChangeBudgets(prefix: string, op: 'create' | 'delete', accountId: string): Budget[] {
  return [
    { key: `${prefix}:ratelimit:check-${op}:${accountId}:minute`, limit: CHECK_CHANGES_PER_MINUTE, windowMs: MINUTE },
    { key: `${prefix}:ratelimit:check-${op}:${accountId}:hour`, limit: CHECK_CHANGES_PER_HOUR, windowMs: HOUR },
  ];
}
