import type { SchedulerConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';

/** What every scheduler task receives. */
export interface SchedulerDeps {
  config: SchedulerConfig;
  logger: Logger;
  prisma: PrismaClient;
  queues: Queues;
  clock: Clock;
}

/**
 * One kind of periodic work (deadlines, flip relay, probe scheduling, reminders, pruning).
 * Safe to run in several scheduler processes at once.
 */
export interface SchedulerTask {
  name: string;
  /** Does one round of work due at `now`; returns how many items it handled (0 = nothing due). */
  runOnce(now: Date): Promise<number>;
}
