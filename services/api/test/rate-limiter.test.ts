import { createLogger } from '@upmon/logger';
import { createRedis } from '@upmon/service-kit';
import { dropRedisPrefix, ManualClock, testRedisPrefix, testRedisUrl, UNREACHABLE_REDIS_OPTIONS } from '@upmon/testing';
import { RateLimiter } from '@upmon/domain';

const prefix = testRedisPrefix();
const redisA = createRedis(testRedisUrl(), 'producer');
const redisB = createRedis(testRedisUrl(), 'producer');
const logger = createLogger({ service: 'test', level: 'silent' });
// Two API processes on Redis server time; and two on a clock the tests move (windows without waiting).
const a = new RateLimiter(redisA, logger);
const b = new RateLimiter(redisB, logger);
const clock = new ManualClock();
const ta = new RateLimiter(redisA, logger, clock);
const tb = new RateLimiter(redisB, logger, clock);

const ready = (r: typeof redisA) => (r.status === 'ready' ? Promise.resolve() : new Promise((res) => r.once('ready', res)));
// Producer connections fail commands until connected (no offline queue): wait, or the first hits fail open.
beforeAll(async () => {
  await Promise.all([ready(redisA), ready(redisB)]);
});

afterAll(async () => {
  redisA.disconnect();
  redisB.disconnect();
  await dropRedisPrefix(prefix);
});

test('a rolling window: full budget refused until the oldest event leaves it; refusals cost nothing', async () => {
  const budget = [{ key: `${prefix}:w1`, limit: 3, windowMs: 2000 }];
  expect(await ta.hit(budget)).toEqual({ allowed: true });
  await clock.advance(1000);
  expect(await tb.hit(budget)).toEqual({ allowed: true });
  expect(await ta.hit(budget)).toEqual({ allowed: true });
  for (let i = 0; i < 5; i++) expect(await tb.hit(budget)).toEqual({ allowed: false, retryAfterSec: 1 });
  // The first event (t0) leaves the window at t0 + 2 s exactly; the other two (t0 + 1 s) are still in it.
  await clock.advance(999);
  expect(await ta.hit(budget)).toEqual({ allowed: false, retryAfterSec: 1 });
  await clock.advance(1);
  expect(await ta.hit(budget)).toEqual({ allowed: true });
  expect(await tb.hit(budget)).toEqual({ allowed: false, retryAfterSec: 1 });
});

test('concurrent hits from two connections never exceed the limit', async () => {
  const budget = [{ key: `${prefix}:w2`, limit: 25, windowMs: 60_000 }];
  const results = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? a : b).hit(budget)));
  expect(results.filter((r) => r.allowed)).toHaveLength(25);
});

test('several budgets: an event is recorded in all or none; Retry-After is the longest wait', async () => {
  const minute = { key: `${prefix}:m`, limit: 2, windowMs: 300 };
  const hour = { key: `${prefix}:h`, limit: 3, windowMs: 5_000 };
  expect((await ta.hit([minute, hour])).allowed).toBe(true);
  expect((await ta.hit([minute, hour])).allowed).toBe(true);
  expect(await ta.hit([minute, hour])).toEqual({ allowed: false, retryAfterSec: 1 });
  expect(await redisA.zcard(minute.key)).toBe(2);
  expect(await redisA.zcard(hour.key)).toBe(2);
  await clock.advance(320);
  expect((await ta.hit([minute, hour])).allowed).toBe(true);
  expect(await redisA.zcard(hour.key)).toBe(3);
  // The short window has room again but the long one is full until t0 + 5 s: 4.36 s, said as 5.
  await clock.advance(320);
  expect(await ta.hit([minute, hour])).toEqual({ allowed: false, retryAfterSec: 5 });
  expect(await redisA.zcard(hour.key)).toBe(3);
});

test('keys expire with their window', async () => {
  const budget = [{ key: `${prefix}:exp`, limit: 5, windowMs: 10_000 }];
  await a.hit(budget);
  const ttl = await redisA.pttl(budget[0]!.key);
  expect(ttl).toBeGreaterThan(9_000);
  expect(ttl).toBeLessThanOrEqual(10_000);
});

test('with Redis unreachable the request is allowed (fail open)', async () => {
  const dead = createRedis('redis://127.0.0.1:1', 'producer', UNREACHABLE_REDIS_OPTIONS);
  const limiter = new RateLimiter(dead, logger);
  expect(await limiter.hit([{ key: `${prefix}:dead`, limit: 1, windowMs: 1000 }])).toEqual({ allowed: true });
  dead.disconnect();
});

test('a refunded event leaves the budget as if it had never been spent', async () => {
  const budget = [{ key: `${prefix}:refund`, limit: 2, windowMs: 60_000 }];
  expect(await ta.hit(budget, 'attempt-1')).toEqual({ allowed: true });
  await ta.refund(budget, 'attempt-1');
  expect(await ta.hit(budget)).toEqual({ allowed: true });
  expect(await tb.hit(budget)).toEqual({ allowed: true });
  expect((await ta.hit(budget)).allowed).toBe(false);
});
