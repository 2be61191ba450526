import { UNREACHABLE_REDIS_OPTIONS, eventually, freePort, testRedisUrl } from '@upmon/testing';
import { Redis } from 'ioredis';
import { redisReady } from '../src/readiness.js';
import { createRedis } from '../src/redis.js';

describe('redisReady', () => {
  it('while not connected, names the connection state and the last connection error', async () => {
    const port = await freePort();
    const redis = createRedis(`redis://127.0.0.1:${port}`, 'worker', { ...UNREACHABLE_REDIS_OPTIONS, retryStrategy: () => 50 });
    try {
      const ready = redisReady(redis);
      let message = '';
      await eventually(
        () =>
          ready().then(
            () => false,
            (err: Error) => /last error/.test((message = err.message)),
          ),
        5_000,
        'a connection error seen',
      );
      expect(message).toMatch(new RegExp(`^connection (connecting|reconnecting) \\(last error: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)$`));
    } finally {
      redis.disconnect();
    }
  });

  it('resolves once Redis answers', async () => {
    const redis = new Redis(testRedisUrl());
    try {
      const ready = redisReady(redis);
      await eventually(
        () =>
          ready().then(
            () => true,
            () => false,
          ),
        5_000,
        'ready',
      );
    } finally {
      redis.disconnect();
    }
  });
});
