import { performance } from 'node:perf_hooks';
import { FLIPS_WAITING_CHANNEL, claimWaitingFlips, markFannedOut } from '@upmon/check-store';
import { listenPg, withPgTransaction, type PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { FanOutMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import { planFanOut } from './fan-out-plan.js';
import { insertEscalations, insertReminders, loadAudiences, loadEpisodeEscalations } from './fan-out-store.js';

export interface FlipIntakeOptions {
  pool: PgPool;
  databaseUrl: string;
  queues: Queues;
  logger: Logger;
  metrics: FanOutMetrics;
  /** Flips claimed per transaction. */
  batchSize: number;
  /** Claim loops per process (SKIP LOCKED gives each its own flips). */
  parallel: number;
  /** Polling fallback: a loop looks for waiting flips at least this often. */
  pollIntervalMs: number;
}

export interface FlipIntake {
  /** Claims and fans out what is waiting now (tests; the loops do it on their own). */
  wake(): void;
  stop(): Promise<void>;
}

/** Longest pause after failed claims (PostgreSQL or Redis away). */
const MAX_BACKOFF_MS = 5_000;

/**
 * Takes committed flips from PostgreSQL (docs/architecture.md, "Flips handed on from
 * PostgreSQL"): in one transaction, claim waiting flips (FOR UPDATE SKIP LOCKED, oldest first), read
 * their checks' audiences, insert reminders and escalation timers, add the delivery jobs to Redis, mark the flips fanned
 * out, commit. A crash or an error anywhere before the commit rolls back and the flips wait for the
 * next claim; jobs already added are found again by their ids. Woken by NOTIFY, with a poll.
 */
export function startFlipIntake(opts: FlipIntakeOptions): FlipIntake {
  const { pool, queues, logger, batchSize } = opts;
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

  /** One claim; returns how many flips it fanned out. */
  const claimOnce = async () => {
    const started = performance.now();
    const done = await withPgTransaction(pool, async (client) => {
      const flips = await claimWaitingFlips(client, batchSize);
      if (flips.length === 0) return { flips: 0, deliveries: 0 };
      const audiences = await loadAudiences(client, [...new Set(flips.map((f) => f.checkId))]);
      const plan = planFanOut(flips, audiences, await loadEpisodeEscalations(client, flips));
      await insertReminders(client, plan.reminders);
      await insertEscalations(client, plan.escalations);
      if (plan.deliveries.length > 0) await queues.enqueueMany('deliveries', plan.deliveries);
      await markFannedOut(
        client,
        flips.map((f) => f.id),
      );
      return { flips: flips.length, deliveries: plan.deliveries.length };
    });
    if (done.flips > 0) {
      opts.metrics.committed(done.flips, done.deliveries, (performance.now() - started) / 1000);
      logger.debug(done, 'flips fanned out');
    }
    return done.flips;
  };

  const loop = async () => {
    let backoff = 0;
    while (!stopping) {
      const seen = generation;
      try {
        const n = await claimOnce();
        backoff = 0;
        if (n >= batchSize) continue; // more may be waiting
        await sleep(opts.pollIntervalMs, seen);
      } catch (err) {
        opts.metrics.failed();
        backoff = Math.min(Math.max(backoff * 2, 100), MAX_BACKOFF_MS);
        logger.warn({ err: (err as Error).message, retryInMs: backoff }, 'flip fan-out failed; the flips wait for the next claim');
        await sleep(backoff);
      }
    }
  };

  const listener = listenPg(opts.databaseUrl, FLIPS_WAITING_CHANNEL, { onWake: wake, logger });
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
