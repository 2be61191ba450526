import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@upmon/logger';

/** One budget: at most `limit` events in any rolling `windowMs`. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSec: number };

/**
 * Sliding-log limiter in one Lua script, so it is exact and atomic across API processes: each
 * budget is a sorted set of event times (Redis server time, so replicas' clocks do not matter;
 * a test passes the time instead, ARGV[2]). An event is recorded in every budget only when all of
 * them have room; a refused request costs nothing, so a client that backs off for Retry-After
 * seconds is served again.
 */
const SCRIPT = `
local now
if ARGV[2] ~= '' then
  now = tonumber(ARGV[2])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i + 1])
  local window = tonumber(ARGV[2 * i + 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local w = tonumber(oldest[2]) + window - now
    if w > wait then wait = w end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 * i + 2]))
end
return 0
`;

type WithCommand = Redis & { upmonSlidingWindow(numKeys: number, ...args: (string | number)[]): Promise<number> };

export class RateLimiter {
  private readonly redis: WithCommand;
  private seq = 0;
  private readonly instance = randomBytes(6).toString('hex');

  /** `clock` (a Clock; tests only): moves through windows without waiting. Without it, Redis server time. */
  constructor(
    redis: Redis,
    private readonly logger: Logger,
    private readonly clock?: { now(): Date },
  ) {
    if (!('upmonSlidingWindow' in redis)) redis.defineCommand('upmonSlidingWindow', { lua: SCRIPT });
    this.redis = redis as WithCommand;
  }

  /** Drops the budgets (a key that turned out not to exist must not keep its budget in Redis). */
  async forget(budgets: Budget[]): Promise<void> {
    try {
      await this.redis.del(...budgets.map((b) => b.key));
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; budget not dropped');
    }
  }

  /**
   * Takes back an event recorded by `hit` (an attempt spent up front that turned out not to count,
   * such as a sign-in with the right password).
   */
  async refund(budgets: Budget[], member: string): Promise<void> {
    try {
      await Promise.all(budgets.map((b) => this.redis.zrem(b.key, member)));
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; event not refunded');
    }
  }

  /**
   * Records one event against every budget, or refuses it with the wait in whole seconds.
   * When Redis is unreachable the request is allowed (and logged): an outage of the limiter must
   * not take the API down with it. `member` names the event, for a later `refund`.
   */
  async hit(budgets: Budget[], member = `${this.instance}:${(this.seq = (this.seq + 1) % 1e9)}`): Promise<RateDecision> {
    const args: (string | number)[] = [member, this.clock ? this.clock.now().getTime() : ''];
    for (const b of budgets) args.push(b.limit, b.windowMs);
    try {
      const waitMs = await this.redis.upmonSlidingWindow(budgets.length, ...budgets.map((b) => b.key), ...args);
      return waitMs > 0 ? { allowed: false, retryAfterSec: Math.max(1, Math.ceil(waitMs / 1000)) } : { allowed: true };
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'rate limiter unavailable; request allowed');
      return { allowed: true };
    }
  }
}
