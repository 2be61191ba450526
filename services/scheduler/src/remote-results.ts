import { decodeProbeOutcome, ProbeResultStore } from '@upmon/check-store';
import type { Cipher } from '@upmon/crypto';
import type { PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { FlipMetrics } from '@upmon/metrics';
import { UnrecoverableError, createWorker, probeResultsQueueName } from '@upmon/queue';
import type { Redis } from 'ioredis';

/** Results applied at once per location and scheduler process (they share group commits). */
const RESULTS_CONCURRENCY = 50;

export interface RemoteResultsDeps {
  pool: PgPool;
  cipher: Cipher;
  /** A connection with `maxRetriesPerRequest: null` (BullMQ's workers). */
  connection: Redis;
  prefix: string;
  /** PUBLIC_LOCATIONS: one consumer per location other than `local`. */
  publicLocations: readonly string[];
  flipMetrics: FlipMetrics;
  logger: Logger;
}

/**
 * The central consumer of remote locations' results (docs/locations.md, "Results of remote
 * locations"): one worker per public location other than `local` on its `probe-results-<location>`
 * queue, recording each result through check-store's group commit like a local prober. A result
 * delivered again (a job retried after its commit, a prober that added it twice) is recorded once:
 * check-store ignores a location's result that is not newer than its last (`onlyIfNewer`).
 * A malformed result fails without retries.
 */
export function startRemoteResultConsumers(deps: RemoteResultsDeps): { close(): Promise<void> } {
  const store = new ProbeResultStore({
    pool: deps.pool,
    cipher: deps.cipher,
    userAgent: 'upmon-prober',
    flipMetrics: deps.flipMetrics,
    publicLocations: deps.publicLocations,
  });
  const workers = deps.publicLocations
    .filter((location) => location !== 'local')
    .map((location) => {
      const worker = createWorker(
        'probe-results',
        async (payload) => {
          if (payload.location !== location) throw new UnrecoverableError(`a result of ${payload.location} on ${location}'s queue`);
          let outcome;
          try {
            outcome = decodeProbeOutcome(payload.result);
          } catch (err) {
            throw new UnrecoverableError((err as Error).message);
          }
          const recorded = await store.record({ checkId: payload.checkId, location, ...outcome, onlyIfNewer: true });
          deps.logger.debug({ checkId: payload.checkId, location, ok: outcome.report.ok, recorded }, 'remote probe result');
        },
        { queueName: probeResultsQueueName(location), connection: deps.connection, prefix: deps.prefix, concurrency: RESULTS_CONCURRENCY },
      );
      worker.on('failed', (job, err) => deps.logger.error({ jobId: job?.id, location, err: err.message }, 'remote probe result failed'));
      worker.on('error', (err) => deps.logger.error({ location, err: err.message }, 'remote results worker error'));
      return worker;
    });
  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await store.drain();
    },
  };
}
