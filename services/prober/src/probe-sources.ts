import { decodeProbeTarget, encodeProbeOutcome, readProbeTargets, type ProbeResultStore, type ProbeTarget } from '@upmon/check-store';
import type { Cipher } from '@upmon/crypto';
import type { PgPool } from '@upmon/db';
import type { ProbeResultQueue } from '@upmon/queue';
import type { ProbeSource } from './probe-processor.js';

/** PROBER_RESULTS=database: checks read from PostgreSQL, results recorded by check-store's group commit. */
export function databaseProbeSource(pool: PgPool, cipher: Cipher, results: ProbeResultStore): ProbeSource {
  return {
    targets: (refs) => readProbeTargets(pool, cipher, [...new Set(refs.map((r) => r.checkId))]),
    record: (result) => results.record(result),
  };
}

/**
 * PROBER_RESULTS=queue (a remote location, docs/locations.md): each probe's target comes in its
 * job, each result goes to the location's results queue, for the scheduler's consumer.
 */
export function queueProbeSource(results: ProbeResultQueue, userAgent: string): ProbeSource {
  return {
    async targets(refs) {
      const targets = new Map<string, ProbeTarget>();
      for (const ref of refs) {
        if (!ref.target) continue; // enqueued for a database prober: skipped like a deleted check
        try {
          targets.set(ref.checkId, decodeProbeTarget(ref.checkId, ref.target));
        } catch (err) {
          targets.set(ref.checkId, {
            id: ref.checkId,
            kind: 'http',
            status: 'up',
            schedule: { kind: 'period', periodSec: 60, tz: 'UTC' },
            definition: null,
            config: null,
            configJson: null,
            unreadable: (err as Error).message,
            knownCertificate: null,
          });
        }
      }
      return targets;
    },
    async record({ checkId, location, report, keepCertificate }, ref) {
      await results.add({ checkId, location, scheduledAt: ref.scheduledAt, result: encodeProbeOutcome({ report, keepCertificate, userAgent }) });
      return true;
    },
  };
}
