import { Gauge, Histogram, type Registry } from 'prom-client';

/** Job states counted per queue (BullMQ's names). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Job counts per state of one queue, as BullMQ's `getJobCounts` returns them. */
export type QueueDepthReader = () => Promise<Record<string, Partial<Record<QueueState, number>>>>;

/**
 * Jobs per queue and state, read from Redis when Prometheus scrapes. The counts are global (the
 * queue is shared), so one process exposing them is enough (the scheduler). A failed read reports NaN.
 */
export function registerQueueDepth(registry: Registry, queues: readonly string[], read: QueueDepthReader): void {
  new Gauge({
    name: 'upmon_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed), read from Redis at scrape time.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await read().catch(() => null);
      for (const queue of queues) {
        for (const state of QUEUE_STATES) this.labels(queue, state).set(counts ? (counts[queue]?.[state] ?? 0) : NaN);
      }
    },
  });
}

/** What BullMQ's worker events carry about a finished job (structurally: a BullMQ Job). */
export interface FinishedJob {
  /** When the job was added (ms). */
  timestamp: number;
  /** When this attempt started (ms). */
  processedOn?: number;
  /** When the job ended for good (ms); BullMQ leaves it unset on an attempt that will be retried. */
  finishedOn?: number;
  /** Attempts started so far, this one included. */
  attemptsMade: number;
}

/** Anything that emits BullMQ's `completed` and `failed` worker events. */
export interface JobEvents {
  on(event: 'completed', listener: (job: FinishedJob) => void): unknown;
  on(event: 'failed', listener: (job: FinishedJob | undefined, err: Error) => void): unknown;
}

const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Job time (one attempt, start to end) and queue wait (added → first attempt started) of one
 * worker's jobs, from its events: nothing is added to the processor itself. `nowMs` (the service's
 * clock) ends an attempt that failed and will be retried, which BullMQ does not stamp; the event
 * is emitted by the worker right after the attempt.
 */
export function observeWorkerJobs(registry: Registry, queue: string, worker: JobEvents, nowMs: () => number): void {
  const duration = jobDuration(registry);
  const wait = jobWait(registry);
  const observe = (job: FinishedJob | undefined, outcome: 'completed' | 'failed') => {
    if (!job?.processedOn) return;
    duration.labels(queue, outcome).observe(Math.max(0, (job.finishedOn ?? nowMs()) - job.processedOn) / 1000);
    // Retries wait for their backoff on purpose: only first attempts measure the queue's backlog.
    if (job.attemptsMade <= 1) wait.labels(queue).observe(Math.max(0, job.processedOn - job.timestamp) / 1000);
  };
  worker.on('completed', (job) => observe(job, 'completed'));
  worker.on('failed', (job) => observe(job, 'failed'));
}

/** Both workers of one process share the histograms (a metric name is registered once per registry). */
function jobDuration(registry: Registry): Histogram<'queue' | 'outcome'> {
  return (
    (registry.getSingleMetric('upmon_queue_job_duration_seconds') as Histogram<'queue' | 'outcome'> | undefined) ??
    new Histogram({
      name: 'upmon_queue_job_duration_seconds',
      help: 'Time a worker spent on one job attempt, by queue and outcome (completed, failed).',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: [registry],
    })
  );
}

function jobWait(registry: Registry): Histogram<'queue'> {
  return (
    (registry.getSingleMetric('upmon_queue_job_wait_seconds') as Histogram<'queue'> | undefined) ??
    new Histogram({
      name: 'upmon_queue_job_wait_seconds',
      help: 'Time from a job being added to its first attempt starting, by queue.',
      labelNames: ['queue'],
      buckets: JOB_BUCKETS,
      registers: [registry],
    })
  );
}
