import { randomUUID } from 'node:crypto';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { probesOf, probeQueueName, validatePayload, type ProbeRef } from './catalog.js';

/** A job taken off a location's queue for a remote prober. */
export interface HandedJob {
  refs: ProbeRef[];
  /** When the scheduler enqueued it: a job older than its check's next slot is skipped as superseded. */
  enqueuedAt: Date;
}

export interface LocationJobSourceOptions {
  /** A connection that waits for Redis (`createRedis(url, 'worker')`). */
  connection: Redis;
  prefix: string;
  /** How often a waiting poll looks at the queue again (ms). */
  pollIntervalMs?: number;
  /** A location's queue reader is closed after this long without a poll (ms). */
  idleCloseMs?: number;
}

interface Reader {
  worker: Worker;
  /** Polls of one location take turns: one BullMQ worker hands out its jobs one fetch at a time. */
  turn: Promise<unknown>;
  lastUsed: number;
}

/**
 * Hands the jobs of a private location's `probes` queue (`probeQueueName(code)`, filled by the
 * scheduler like any location's) to its remote prober, through the api. A job is taken with
 * BullMQ's manual fetch (atomic across api replicas: each job goes to one poll) and marked
 * completed at once: a remote prober that dies with it loses those probes, one skipped probe each,
 * as a lost probe job is everywhere (docs/architecture.md, "Redis data loss"); the next slot's
 * job comes on time. Nothing is locked while the remote prober works, so a slow customer network
 * cannot hold BullMQ locks or stall the queue.
 */
export class LocationJobSource {
  private readonly readers = new Map<string, Reader>();
  private readonly pollIntervalMs: number;
  private readonly idleCloseMs: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: LocationJobSourceOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.idleCloseMs = options.idleCloseMs ?? 120_000;
    this.sweeper = setInterval(() => void this.closeIdle(), this.idleCloseMs).unref();
  }

  /**
   * Up to `maxJobs` jobs of the location's queue: at once when some wait, else as soon as one
   * arrives, or none after `waitMs` (or when `cancelled()` turns true: the client went away).
   */
  async take(code: string, waitMs: number, maxJobs: number, cancelled: () => boolean): Promise<HandedJob[]> {
    const reader = this.readerOf(code);
    const deadline = Date.now() + waitMs;
    reader.lastUsed = deadline; // not idle while a poll waits
    const mine = reader.turn.then(async () => {
      for (;;) {
        const jobs = await this.fetch(reader.worker, maxJobs);
        if (jobs.length > 0 || Date.now() >= deadline || cancelled()) return jobs;
        await new Promise((r) => setTimeout(r, Math.min(this.pollIntervalMs, Math.max(0, deadline - Date.now()))));
      }
    });
    reader.turn = mine.catch(() => undefined);
    try {
      return await mine;
    } finally {
      reader.lastUsed = Date.now();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const readers = [...this.readers.values()];
    this.readers.clear();
    await Promise.all(readers.map((r) => r.worker.close(true)));
  }

  private async fetch(worker: Worker, maxJobs: number): Promise<HandedJob[]> {
    const jobs: HandedJob[] = [];
    while (jobs.length < maxJobs) {
      const token = randomUUID();
      const job = await worker.getNextJob(token, { block: false });
      if (!job) break;
      await job.moveToCompleted('handed to a remote prober', token, false);
      try {
        jobs.push({ refs: probesOf(validatePayload('probes', job.data)), enqueuedAt: new Date(job.timestamp) });
      } catch {
        // A malformed job (never written by the scheduler) is dropped; the others still go out.
      }
    }
    return jobs;
  }

  private readerOf(code: string): Reader {
    let reader = this.readers.get(code);
    if (!reader) {
      const worker = new Worker(probeQueueName(code), null, { connection: this.options.connection, prefix: this.options.prefix, autorun: false });
      worker.on('error', () => undefined); // connection errors surface as failed fetches (the poll answers 503)
      reader = { worker, turn: Promise.resolve(), lastUsed: Date.now() };
      this.readers.set(code, reader);
    }
    return reader;
  }

  private async closeIdle(): Promise<void> {
    const now = Date.now();
    for (const [code, reader] of this.readers) {
      if (now - reader.lastUsed < this.idleCloseMs) continue;
      this.readers.delete(code);
      await reader.turn;
      await reader.worker.close(true).catch(() => undefined);
    }
  }
}
