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
 * Runs one task for ever: a round; again at once if the batch was full; otherwise sleep until the
 * next item is due (task.nextDueAt) or the idle interval, whichever is sooner. No busy loop.
 */
export function startTaskLoop(task: SchedulerTask, opts: { clock: WaitableClock; logger: Logger; idleIntervalMs: number; batchSize: number }): TaskLoop {
  const log = opts.logger.child({ task: task.name });
  const batchSize = task.batchSize ?? opts.batchSize;
  const idleMs = task.idleIntervalMs ?? opts.idleIntervalMs;
  const stopping = new AbortController();

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let delay: number;
      try {
        const handled = await task.runOnce(opts.clock.now());
        if (handled > 0) log.debug({ handled }, 'round done');
        if (handled >= batchSize) continue;
        const nextDue = task.nextDueAt ? await task.nextDueAt() : null;
        delay = idleDelayMs(opts.clock.now(), nextDue, idleMs);
      } catch (err) {
        log.error({ err: (err as Error).message }, 'round failed');
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
