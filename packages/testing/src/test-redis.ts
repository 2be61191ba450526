import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * ioredis options for a client of a Redis that is not there (tests of Redis being unreachable).
 * disconnect() ends the client's socket and arms a `disconnectTimeout` timer (2 s) that only that
 * socket's 'close' event clears; a client waiting to reconnect has no open socket, so nothing
 * clears it and it holds the process (a jest worker: "failed to exit gracefully") for 2 s.
 */
export const UNREACHABLE_REDIS_OPTIONS = { disconnectTimeout: 0 } as const;

/** A Redis key prefix of its own for one test file, so files never see each other's queues. */
export function testRedisPrefix(): string {
  return `upmon-t-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under `prefix`. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
