import { Redis } from 'ioredis';
import { CATALOG, FAILED_JOBS_KEPT, QUEUE_NAMES, Queues, UnrecoverableError, createWorker, type DeliveryJob } from '@upmon/queue';
import { dropRedisPrefix, testRedisPrefix, testRedisUrl } from '@upmon/testing';

describe('queue retention', () => {
  it.each(QUEUE_NAMES)('%s keeps completed and failed jobs bounded in age and in count', (name) => {
    const { removeOnComplete, removeOnFail } = CATALOG[name].options;
    for (const keep of [removeOnComplete, removeOnFail]) {
      expect(keep).toEqual({ age: expect.any(Number), count: expect.any(Number) });
      const { age, count } = keep as { age: number; count: number };
      expect(age).toBeGreaterThan(0);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(100_000);
    }
    expect((removeOnFail as { count: number }).count).toBe(FAILED_JOBS_KEPT);
  });

  describe('in Redis', () => {
    const prefix = testRedisPrefix();
    const producer = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const workerRedis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queues = new Queues(producer, prefix, { enqueueTimeoutMs: 30_000 });
    afterAll(async () => {
      await queues.close();
      producer.disconnect();
      workerRedis.disconnect();
      await dropRedisPrefix(prefix);
    });

    const delivery = (n: number): DeliveryJob => ({
      integrationId: 1,
      checkId: '00000000-0000-4000-8000-000000000001',
      event: 'down',
      flipId: String(n),
    });

    it('keeps the newest FAILED_JOBS_KEPT failed deliveries of a flood, each with one stack trace', async () => {
      const total = FAILED_JOBS_KEPT + 300;
      if (producer.status !== 'ready') await new Promise((r) => producer.once('ready', r));
      for (let i = 0; i < total; i += 2000) {
        await queues.enqueueMany(
          'deliveries',
          Array.from({ length: Math.min(2000, total - i) }, (_, k) => delivery(i + k + 1)),
        );
      }
      // Every job fails for good; the last few first fail twice (retried at once): three attempts,
      // three stacks, of which one is kept.
      const worker = createWorker(
        'deliveries',
        async (payload, job) => {
          const retried = Number(payload.flipId) > total - 5;
          throw retried && job.attemptsMade < 2 ? new Error('receiver down') : new UnrecoverableError('gone');
        },
        { connection: workerRedis, prefix, concurrency: 500, settings: { backoffStrategy: () => 0 } },
      );
      try {
        const q = queues.queue('deliveries');
        for (let waited = 0; ; waited += 200) {
          const c = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          if (Object.values(c).every((n) => n === 0)) break;
          if (waited > 120_000) throw new Error(`jobs still pending: ${JSON.stringify(c)}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await worker.close();
        expect(await q.getFailedCount()).toBe(FAILED_JOBS_KEPT);
        // The oldest are dropped: the first job is gone, the last one kept with its last stack only.
        expect(await q.getJob(`delivery-1-1`)).toBeUndefined();
        const last = await q.getJob(`delivery-${total}-1`);
        expect(last?.failedReason).toBe('gone');
        expect(last?.attemptsMade).toBe(3);
        expect(last?.stacktrace).toHaveLength(1);
      } finally {
        await worker.close();
      }
    });
  });
});
