import { Redis } from 'ioredis';
import { Queues } from '@upmon/queue';

describe('Queues enqueue bound', () => {
  it('fails within the timeout when Redis never came up, instead of waiting forever', async () => {
    // Nothing listens on port 1: the producer connection never becomes ready. disconnectTimeout 0:
    // otherwise disconnect() of a client with no open socket arms a 2 s timer nothing clears.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 200, disconnectTimeout: 0 });
    redis.on('error', () => undefined);
    const queues = new Queues(redis, 'upmon-t-timeout', { enqueueTimeoutMs: 300 });
    const started = Date.now();
    await expect(
      queues.enqueueMany('deliveries', [{ integrationId: 1, checkId: '00000000-0000-4000-8000-000000000001', event: 'down', flipId: '1' }]),
    ).rejects.toThrow(/enqueue on deliveries timed out after 300 ms/);
    await expect(
      queues.enqueue('deliveries', { integrationId: 1, checkId: '00000000-0000-4000-8000-000000000002', event: 'down', flipId: '2' }),
    ).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(10_000); // Redis never comes: without the bound this waits forever
    redis.disconnect();
  });
});
