import { Queue, Worker, UnrecoverableError, type Job, type JobType, type WorkerOptions, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  CATALOG,
  QUEUE_NAMES,
  probeQueueName,
  probeResultsQueueName,
  validatePayload,
  type JobPayloads,
  type ProbeResultJob,
  type QueueName,
} from './catalog.js';
import { withTimeout } from './with-timeout.js';

export { UnrecoverableError };

/**
 * Producers for every queue. Give it a Redis connection built with `enableOfflineQueue: false`
 * (see service-kit) so an enqueue fails fast when Redis is down instead of hanging: the caller
 * has already committed and the outbox relay will enqueue later. Every enqueue is also bounded by
 * `enqueueTimeoutMs`: BullMQ waits for a connection that never came up instead of failing.
 */
export class Queues {
  private readonly queues: { [N in QueueName]: Queue };
  private readonly enqueueTimeoutMs: number;
  /** The `probes` queues of the other locations (`probeQueueName`), made when first used. */
  private readonly locationQueues = new Map<string, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    opts: { enqueueTimeoutMs?: number } = {},
  ) {
    this.enqueueTimeoutMs = opts.enqueueTimeoutMs ?? 5_000;
    this.queues = Object.fromEntries(QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix })])) as { [N in QueueName]: Queue };
  }

  queue(name: QueueName): Queue {
    return this.queues[name];
  }

  async enqueue<N extends QueueName>(name: N, payload: JobPayloads[N], extra: JobsOptions = {}): Promise<void> {
    const data = validatePayload(name, payload);
    const entry = CATALOG[name];
    await withTimeout(
      this.queues[name].add(name, data, { ...entry.options, jobId: entry.jobId(data as never), ...extra }),
      this.enqueueTimeoutMs,
      `enqueue on ${name}`,
    );
  }

  async enqueueMany<N extends QueueName>(name: N, payloads: JobPayloads[N][], extra: JobsOptions = {}): Promise<void> {
    await this.addBulk(this.queues[name], name, payloads, extra);
  }

  /** `probes` jobs on one location's queue (`probeQueueName`). */
  async enqueueProbes(location: string, payloads: JobPayloads['probes'][]): Promise<void> {
    const queueName = probeQueueName(location);
    let queue = queueName === 'probes' ? this.queues.probes : this.locationQueues.get(queueName);
    if (!queue) {
      queue = new Queue(queueName, { connection: this.connection, prefix: this.prefix });
      this.locationQueues.set(queueName, queue);
    }
    await this.addBulk(queue, 'probes', payloads, {});
  }

  private async addBulk<N extends QueueName>(queue: Queue, name: N, payloads: JobPayloads[N][], extra: JobsOptions): Promise<void> {
    if (payloads.length === 0) return;
    const entry = CATALOG[name];
    const jobs = payloads.map((p) => {
      const data = validatePayload(name, p);
      return { name, data, opts: { ...entry.options, jobId: entry.jobId(data as never), ...extra } };
    });
    await withTimeout(queue.addBulk(jobs), this.enqueueTimeoutMs, `enqueue on ${queue.name}`);
  }

  /** Jobs per state of every queue (one Redis round trip per queue), bounded like an enqueue. */
  async jobCounts(states: readonly JobType[]): Promise<Record<QueueName, Record<string, number>>> {
    const counts = await withTimeout(Promise.all(QUEUE_NAMES.map((name) => this.queues[name].getJobCounts(...states))), this.enqueueTimeoutMs, 'job counts');
    return Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, counts[i]])) as Record<QueueName, Record<string, number>>;
  }

  async close(): Promise<void> {
    await Promise.all([...Object.values(this.queues), ...this.locationQueues.values()].map((q) => q.close()));
  }
}

/**
 * The one queue a remote location's prober writes (PROBER_RESULTS=queue): its results queue
 * (`probeResultsQueueName`), the only queue its Redis user may add to besides taking its probes.
 */
export class ProbeResultQueue {
  private readonly queue: Queue;

  constructor(
    connection: Redis,
    prefix: string,
    location: string,
    private readonly enqueueTimeoutMs = 5_000,
  ) {
    this.queue = new Queue(probeResultsQueueName(location), { connection, prefix });
  }

  async add(payload: ProbeResultJob): Promise<void> {
    const data = validatePayload('probe-results', payload);
    const entry = CATALOG['probe-results'];
    await withTimeout(
      this.queue.add('probe-results', data, { ...entry.options, jobId: entry.jobId(data) }),
      this.enqueueTimeoutMs,
      `enqueue on ${this.queue.name}`,
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

export type Processor<N extends QueueName> = (payload: JobPayloads[N], job: Job) => Promise<void>;

export interface CreateWorkerOptions extends Omit<WorkerOptions, 'connection' | 'prefix'> {
  /** The queue to take jobs from when it is not named like the catalog's entry (a location's `probes` queue, `probeQueueName`). */
  queueName?: string;
  /** A connection with `maxRetriesPerRequest: null` (BullMQ requires it for workers). */
  connection: Redis;
  prefix: string;
}

/**
 * A worker whose processor receives a validated payload. A payload that does not validate fails
 * without retries. Throw `UnrecoverableError` for other permanent failures.
 */
export function createWorker<N extends QueueName>(name: N, processor: Processor<N>, options: CreateWorkerOptions): Worker {
  const { queueName, ...workerOptions } = options;
  return new Worker(
    queueName ?? name,
    async (job: Job) => {
      let payload: JobPayloads[N];
      try {
        payload = validatePayload(name, job.data);
      } catch (err) {
        throw new UnrecoverableError((err as Error).message);
      }
      await processor(payload, job);
    },
    workerOptions,
  );
}
