import type { SchedulerConfig } from '@upmon/config';
import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { FlipMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type pg from 'pg';

/** What every scheduler task receives. */
export interface SchedulerDeps {
  config: SchedulerConfig;
  logger: Logger;
  prisma: PrismaClient;
  queues: Queues;
  clock: Clock;
  /** Flips committed by the scheduler (timeouts) and their deadline lag are counted here. */
  flipMetrics: FlipMetrics;
  /** Raw pg pool for hot paths where Prisma model calls are too slow (deadline scans). */
  pool: pg.Pool;
  /** Unseals remote probes' credentials into their jobs (null without ENCRYPTION_KEYS: every location local). */
  cipher: Cipher | null;
}

/**
 * One kind of periodic work (deadlines, probe scheduling, reminders, pruning, Redis recovery).
 * Safe to run in several scheduler processes at once. Each task runs in a loop of its own
 * (task-loop.ts): again at once after a full batch, else after at most SCHEDULER_IDLE_INTERVAL_MS.
 */
export interface SchedulerTask {
  name: string;
  /** Does one round of work due at `now`; returns how many items it handled (0 = nothing due). */
  runOnce(now: Date): Promise<number>;
  /** Items per round; a round that handled this many runs again at once. Default SCHEDULER_BATCH_SIZE. */
  batchSize?: number;
  /** Pause between rounds when idle, if different from SCHEDULER_IDLE_INTERVAL_MS (e.g. pruning). */
  idleIntervalMs?: number;
  /** When the next item falls due, so the loop can wake sooner than the idle interval. */
  nextDueAt?(): Promise<Date | null>;
}
