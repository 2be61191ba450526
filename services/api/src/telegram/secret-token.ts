import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares the `X-Telegram-Bot-Api-Secret-Token` header with the configured secret in constant
 * time (both are hashed first, so their lengths do not leak either). No secret configured means
 * the webhook is off: nothing is accepted.
 */
export function secretTokenMatches(expected: string | undefined, received: unknown): boolean {
  if (!expected || typeof received !== 'string' || received === '') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(received).digest();
  return timingSafeEqual(a, b);
}
