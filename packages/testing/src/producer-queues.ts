import { Queues } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import type { Redis, RedisOptions } from 'ioredis';
import { eventually, PATIENCE_MS } from './eventually.js';

/** How long `closeQueues` waits for BullMQ to close before dropping the connection anyway. */
const CLOSE_GRACE_MS = 500;

/**
 * Closes `queues` and then `redis`, also when Redis is unreachable (BullMQ's close would wait for
 * a reconnect that never comes): after a short grace the connection is dropped regardless.
 */
export async function closeQueues(queues: Queues, redis: Redis): Promise<void> {
  await Promise.race([queues.close().catch(() => undefined), new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
  redis.disconnect();
}

/** Producer queues on a connection of their own, whose errors (Redis down on purpose) are ignored. */
export function producerQueues(redisUrl: string, prefix: string, redisOptions?: RedisOptions): { queues: Queues; close(): Promise<void> } {
  const redis = createRedis(redisUrl, 'producer', redisOptions);
  redis.on('error', () => undefined);
  const queues = new Queues(redis, prefix);
  return { queues, close: () => closeQueues(queues, redis) };
}

/**
 * Waits until the `probes` job `jobId` has completed; throws at once when it failed, or when
 * `whyNotComing` names a reason it never will (a prober process that exited, say).
 */
export async function probeJobDone(queues: Queues, jobId: string, whyNotComing: () => string | null = () => null): Promise<void> {
  let state = 'missing';
  await eventually(
    async () => {
      const job = await queues.queue('probes').getJob(jobId);
      state = job ? await job.getState() : 'missing';
      if (state === 'failed') throw new Error(`probe job failed: ${job?.failedReason}`);
      const never = whyNotComing();
      if (never) throw new Error(never);
      return state === 'completed';
    },
    PATIENCE_MS,
    `probe job ${jobId} to complete`,
  ).catch((e: Error) => {
    throw new Error(`${e.message} (last state: ${state})`);
  });
}
