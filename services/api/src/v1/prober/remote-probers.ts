import { ProbeResultStore } from '@upmon/check-store';
import type { Cipher } from '@upmon/crypto';
import type { PgPool } from '@upmon/db';
import type { FlipMetrics } from '@upmon/metrics';
import { LocationJobSource } from '@upmon/queue';
import type { Redis } from 'ioredis';
import { HandedProbes } from './handed-probes.js';
import type { RemoteProberDeps } from './prober-routes.js';
import { reportOfRemoteResult } from './remote-result-sink.js';

/** The ping's user agent of a private location's results (the remote prober's own is not trusted). */
const PRIVATE_LOCATION_USER_AGENT = 'upmon-prober (private location)';

export interface RemoteProbers extends RemoteProberDeps {
  close(): Promise<void>;
}

/**
 * What the api needs to serve private locations' probers: their jobs (a worker connection of its
 * own: BullMQ's fetches must wait for Redis, unlike the api's fail-fast producer), the handed-probe
 * bookkeeping, and the same result store as every prober's (check-store's ProbeResultStore).
 */
export function createRemoteProbers(deps: {
  workerRedis: Redis;
  redis: Redis;
  prefix: string;
  pool: PgPool;
  cipher: Cipher;
  flipMetrics: FlipMetrics;
}): RemoteProbers {
  const jobs = new LocationJobSource({ connection: deps.workerRedis, prefix: deps.prefix });
  // publicLocations: a check probed from a private location names its locations itself.
  const store = new ProbeResultStore({
    pool: deps.pool,
    cipher: deps.cipher,
    userAgent: PRIVATE_LOCATION_USER_AGENT,
    flipMetrics: deps.flipMetrics,
    publicLocations: [],
  });
  return {
    jobs,
    handed: new HandedProbes(deps.redis, deps.prefix),
    results: {
      record: (location, results, receivedAt) =>
        // A private location's results are few: their certificate is kept each time (no read of the kept one).
        Promise.all(results.map((r) => store.record({ checkId: r.check_id, location, report: reportOfRemoteResult(r, receivedAt), keepCertificate: true }))),
    },
    async close() {
      await jobs.close();
      await store.drain();
    },
  };
}
