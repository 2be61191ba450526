import { listenPg } from '@upmon/db';
import type { Logger } from '@upmon/logger';

export interface ClaimLoopOptions {
  databaseUrl: string;
  /** NOTIFY channel that wakes the loops (a poll backs it up). */
  channel: string;
  logger: Logger;
  /** One claim in its own transaction; returns how many rows it took. */
  claimOnce: () => Promise<number>;
  /** Rows a claim takes at most: a full claim is followed by another at once. */
  batchSize: number;
  /** Claim loops per process (SKIP LOCKED gives each its own rows). */
  parallel: number;
  /** Polling fallback: a loop looks for waiting rows at least this often. */
  pollIntervalMs: number;
  /** A claim failed (it rolled back; the rows wait for the next one). */
  onFailure: (err: Error, retryInMs: number) => void;
}

export interface ClaimLoops {
  /** Claims what is waiting now (tests; the loops do it on their own). */
  wake(): void;
  stop(): Promise<void>;
}

/** Longest pause after failed claims (PostgreSQL or Redis away). */
const MAX_BACKOFF_MS = 5_000;

/**
 * Loops that take committed rows from PostgreSQL (flips, status page notices): each claims until a
 * claim comes back short, then sleeps until NOTIFY wakes it or the poll interval passes; a failed
 * claim backs off (100 ms doubling to 5 s).
 */
export function startClaimLoops(opts: ClaimLoopOptions): ClaimLoops {
  let stopping = false;
  let generation = 0;
  /** Sleeping loops; `byWake`: a notification ends the sleep (not only stop()). */
  const sleepers = new Set<{ byWake: boolean; end(): void }>();

  const wake = () => {
    generation += 1;
    for (const s of sleepers) if (s.byWake || stopping) s.end();
  };

  /** Sleeps `ms`; with `seen`, also ends when woken (or already woken since `seen`). */
  const sleep = (ms: number, seen?: number) =>
    new Promise<void>((resolve) => {
      if (stopping || (seen !== undefined && generation !== seen)) return resolve();
      const sleeper = {
        byWake: seen !== undefined,
        end() {
          clearTimeout(timer);
          sleepers.delete(sleeper);
          resolve();
        },
      };
      const timer = setTimeout(() => sleeper.end(), ms);
      sleepers.add(sleeper);
    });

  const loop = async () => {
    let backoff = 0;
    while (!stopping) {
      const seen = generation;
      try {
        const n = await opts.claimOnce();
        backoff = 0;
        if (n >= opts.batchSize) continue; // more may be waiting
        await sleep(opts.pollIntervalMs, seen);
      } catch (err) {
        backoff = Math.min(Math.max(backoff * 2, 100), MAX_BACKOFF_MS);
        opts.onFailure(err as Error, backoff);
        await sleep(backoff);
      }
    }
  };

  const listener = listenPg(opts.databaseUrl, opts.channel, { onWake: wake, logger: opts.logger });
  const loops = Array.from({ length: opts.parallel }, () => loop());
  return {
    wake,
    async stop() {
      stopping = true;
      wake();
      await Promise.all(loops);
      await listener.close();
    },
  };
}
