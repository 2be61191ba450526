import { clientBudgetName, type Clock } from '@upmon/service-kit';
import { authFailureBudgets, type RateLimiter } from '@upmon/domain';

/** Addresses remembered as blocked at once (one entry each, expired ones dropped first). */
const MAX_BLOCKED = 10_000;

/**
 * Limits failed authentications per client address (AUTH_FAILURES_PER_MINUTE) before any database
 * work, without slowing successful requests:
 * - every failure is counted in a Redis budget shared by all API replicas (the sliding-window
 *   limiter), after the key lookup that found it wrong;
 * - a failure the budget refuses blocks that address in this process until the budget has room
 *   again: its next requests are answered 429 from memory, before the key is looked up.
 * A successful request costs one Map lookup. Across N replicas an address gets at most N − 1 key
 * lookups beyond its budget per window (the one on each replica that finds the budget full).
 */
export class AuthFailureLimiter {
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly redisPrefix: string,
    private readonly clock: Clock,
  ) {}

  /** Seconds this client must wait (known blocked here), else null. No I/O. */
  retryAfterSec(address: string | null): number | null {
    if (this.blocked.size === 0) return null;
    const name = clientBudgetName(address);
    const until = this.blocked.get(name);
    if (until === undefined) return null;
    const left = until - this.clock.now().getTime();
    if (left <= 0) {
      this.blocked.delete(name);
      return null;
    }
    return Math.max(1, Math.ceil(left / 1000));
  }

  /** Counts one failure; when the budget is exhausted, blocks the client here and returns the wait. */
  async recordFailure(address: string | null): Promise<number | null> {
    const name = clientBudgetName(address);
    const decision = await this.limiter.hit(authFailureBudgets(this.redisPrefix, name));
    if (decision.allowed) return null;
    this.block(name, this.clock.now().getTime() + decision.retryAfterSec * 1000);
    return decision.retryAfterSec;
  }

  private block(name: string, until: number): void {
    if (this.blocked.size >= MAX_BLOCKED) {
      const now = this.clock.now().getTime();
      for (const [k, t] of this.blocked) if (t <= now) this.blocked.delete(k);
      // Still full (a flood from many addresses): forget the oldest; Redis still counts for them.
      if (this.blocked.size >= MAX_BLOCKED) this.blocked.delete(this.blocked.keys().next().value as string);
    }
    this.blocked.delete(name);
    this.blocked.set(name, until);
  }
}
