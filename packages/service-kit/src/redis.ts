import { Redis, type RedisOptions } from 'ioredis';

/**
 * `producer`: commands fail at once while Redis is unreachable (no offline queue), so a request
 * that already committed to Postgres never hangs on Redis; the outbox relay catches up later.
 * `worker`: BullMQ workers need `maxRetriesPerRequest: null` and wait for Redis to come back.
 * `options` override these (tests: see UNREACHABLE_REDIS_OPTIONS in @upmon/testing).
 */
export function createRedis(url: string, role: 'producer' | 'worker', options: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    enableOfflineQueue: role === 'worker',
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...options,
  });
}
