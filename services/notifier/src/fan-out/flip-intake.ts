import { performance } from 'node:perf_hooks';
import { FLIPS_WAITING_CHANNEL, claimWaitingFlips, markFannedOut } from '@upmon/check-store';
import { withPgTransaction, type PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { FanOutMetrics } from '@upmon/metrics';
import type { Queues } from '@upmon/queue';
import { startClaimLoops, type ClaimLoops } from '../claim-loop.js';
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

export type FlipIntake = ClaimLoops;

/**
 * Takes committed flips from PostgreSQL (docs/architecture.md, "Flips handed on from
 * PostgreSQL"): in one transaction, claim waiting flips (FOR UPDATE SKIP LOCKED, oldest first), read
 * their checks' audiences, insert reminders and escalation timers, add the delivery jobs to Redis, mark the flips fanned
 * out, commit. A crash or an error anywhere before the commit rolls back and the flips wait for the
 * next claim; jobs already added are found again by their ids. Woken by NOTIFY, with a poll.
 */
export function startFlipIntake(opts: FlipIntakeOptions): FlipIntake {
  const { pool, queues, logger, batchSize } = opts;

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

  return startClaimLoops({
    databaseUrl: opts.databaseUrl,
    channel: FLIPS_WAITING_CHANNEL,
    logger,
    claimOnce,
    batchSize,
    parallel: opts.parallel,
    pollIntervalMs: opts.pollIntervalMs,
    onFailure(err, retryInMs) {
      opts.metrics.failed();
      logger.warn({ err: err.message, retryInMs }, 'flip fan-out failed; the flips wait for the next claim');
    },
  });
}
