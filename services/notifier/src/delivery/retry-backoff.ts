import { DeliveryError } from '@upmon/channels';

/**
 * The `delivery` backoff strategy (see the queue catalog): base × 2^(n-1) for the n-th retry,
 * ±10 % jitter so deliveries that failed together (a receiver outage) do not retry in lockstep,
 * and never sooner than a provider's Retry-After. With the default 15 s base and 9 attempts the
 * retries span ~64 minutes.
 */
export function deliveryBackoff(baseMs: number, random: () => number = Math.random) {
  return (attemptsMade: number, _type?: string, err?: Error): number => {
    const exp = baseMs * 2 ** Math.max(0, attemptsMade - 1);
    const jittered = Math.round(exp * (0.9 + 0.2 * random()));
    const asked = err instanceof DeliveryError && err.retryAfterMs !== null ? err.retryAfterMs : 0;
    return Math.max(jittered, asked);
  };
}
