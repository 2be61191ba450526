import { isDatabaseContention } from '@upmon/db';
import type { WaitableClock } from '@upmon/service-kit';
import type { Logger } from '@upmon/logger';
import type { SchedulerTask } from './task.js';

export interface TaskLoop {
  /** Stops after the round in hand (never abandons a batch half done). */
  stop(): Promise<void>;
}

/** How long to sleep after an idle round: until the next item is due, at most `idleMs`. */
export function idleDelayMs(now: Date, nextDue: Date | null, idleMs: number): number {
  if (!nextDue) return idleMs;
  return Math.max(0, Math.min(idleMs, nextDue.getTime() - now.getTime()));
}

/** Pause after a failed round, so a database outage does not turn into a hot loop. */
const ERROR_BACKOFF_MS = 1000;
/**
 * How long rounds may keep failing only because the database is busy (no connection or
 * transaction in time, a lock timeout, a deadlock; `isDatabaseContention`) before that is an error
 * line. Until then such a round is retried quietly (debug): a start on a loaded machine, where
 * every task asks for a connection at once, logged one error per task before (issue 37).
 */
export const CONTENTION_PATIENCE_MS = 60_000;

export interface TaskLoopOptions {
  clock: WaitableClock;
  logger: Logger;
  idleIntervalMs: number;
  batchSize: number;
  /** Default CONTENTION_PATIENCE_MS. */
  contentionPatienceMs?: number;
}

/**
 * Runs one task for ever: a round; again at once if the batch was full; otherwise sleep until the
 * next item is due (task.nextDueAt) or the idle interval, whichever is sooner. No busy loop.
 */
export function startTaskLoop(task: SchedulerTask, opts: TaskLoopOptions): TaskLoop {
  const log = opts.logger.child({ task: task.name });
  const batchSize = task.batchSize ?? opts.batchSize;
  const idleMs = task.idleIntervalMs ?? opts.idleIntervalMs;
  const patienceMs = opts.contentionPatienceMs ?? CONTENTION_PATIENCE_MS;
  const stopping = new AbortController();
  /** Since when rounds have failed only on contention (null: the last round did not), and whether that was reported. */
  let busySince: number | null = null;
  let busyReported = false;

  const roundFailed = (err: unknown) => {
    const message = (err as Error).message;
    if (!isDatabaseContention(err)) {
      busySince = null;
      busyReported = false;
      log.error({ err: message }, 'round failed');
      return;
    }
    const now = opts.clock.now().getTime();
    busySince ??= now;
    const busyForSec = Math.round((now - busySince) / 1000);
    if (now - busySince < patienceMs) log.debug({ err: message, busyForSec }, 'database busy; retrying the round');
    else if (!busyReported) {
      busyReported = true;
      log.error(
        { err: message, busyForSec },
        `database busy for ${busyForSec} s: every round of this task failed to get a connection, a transaction or a lock in time; still retrying`,
      );
    }
  };
  const roundSucceeded = () => {
    if (busyReported) log.info('database answers again; rounds resumed');
    busySince = null;
    busyReported = false;
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let delay: number;
      try {
        const handled = await task.runOnce(opts.clock.now());
        roundSucceeded();
        if (handled > 0) log.debug({ handled }, 'round done');
        if (handled >= batchSize) continue;
        const nextDue = task.nextDueAt ? await task.nextDueAt() : null;
        delay = idleDelayMs(opts.clock.now(), nextDue, idleMs);
      } catch (err) {
        roundFailed(err);
        delay = ERROR_BACKOFF_MS;
      }
      // A deadline exactly "now" would spin at 0 ms on clock skew between JS and Postgres: 5 ms floor.
      await opts.clock.sleep(Math.max(delay, 5), stopping.signal);
    }
  })();

  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
