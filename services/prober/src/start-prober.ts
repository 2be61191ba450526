import type { ProberConfig } from '@upmon/config';
import { ProbeResultStore } from '@upmon/check-store';
import { createCipher } from '@upmon/crypto';
import { createPgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { createFlipMetrics, createMetricsRegistry, createProbeMetrics, observeWorkerJobs } from '@upmon/metrics';
import { createProbeContext } from '@upmon/probes';
import { PROBES_PER_JOB, Queues, createWorker, probeQueueName } from '@upmon/queue';
import { closeServer, createRedis, pgPoolReady, redisReady, startHealthServer, systemClock, type Clock, type RunningService } from '@upmon/service-kit';
import { ProbeClaims } from './probe-claims.js';
import { createProbeProcessor } from './probe-processor.js';
import { createProbeTestProcessor } from './probe-test-processor.js';

/** "Test now" probes run at once per prober process (they are rate limited per account in the api). */
const PROBE_TEST_CONCURRENCY = 4;

export interface ProberOverrides {
  clock?: Clock;
  /** Extra trusted CA certificates (tests; operators use NODE_EXTRA_CA_CERTS). */
  certificateAuthority?: string | string[];
}

export async function startProber(config: ProberConfig, logger: Logger, overrides: ProberOverrides = {}): Promise<RunningService> {
  // Raw pg pool: every probe reads its check and records its result, the hot path (see ProbeResultStore).
  const pool = createPgPool(config.databaseUrl, config.databasePoolSize, logger);
  const workerRedis = createRedis(config.redisUrl, 'worker');
  // Flips are published on a fail-fast connection: the relay covers Redis outages.
  const producerRedis = createRedis(config.redisUrl, 'producer');
  const queues = new Queues(producerRedis, config.redisPrefix);
  const cipher = createCipher(config.encryptionKeys);
  const clock = overrides.clock ?? systemClock;
  // No keep-alive: every probe measures (and checks) a fresh connection.
  const probes = createProbeContext({
    allowCidrs: config.outboundAllowCidrs,
    userAgent: config.userAgent,
    now: () => clock.now(),
    ...(overrides.certificateAuthority ? { certificateAuthority: overrides.certificateAuthority } : {}),
  });
  const registry = createMetricsRegistry();
  const results = new ProbeResultStore({
    pool,
    cipher,
    userAgent: config.userAgent,
    flipMetrics: createFlipMetrics(registry),
    publicLocations: config.publicLocations,
  });
  const processor = createProbeProcessor({
    pool,
    cipher,
    results,
    claims: new ProbeClaims(producerRedis, config.redisPrefix, config.location),
    location: config.location,
    logger,
    clock,
    probes,
    concurrency: config.concurrency,
    metrics: createProbeMetrics(registry),
  });
  const worker = createWorker('probes', processor, {
    queueName: probeQueueName(config.location),
    connection: workerRedis,
    prefix: config.redisPrefix,
    // Jobs carry up to PROBES_PER_JOB probes and the processor caps probes in flight: twice the
    // jobs needed to fill it keeps probes queued while a job waits for its slowest probe.
    concurrency: 2 * Math.ceil(config.concurrency / PROBES_PER_JOB),
  });
  worker.on('failed', (job, err) => logger.error({ jobId: job?.id, err: err.message }, 'probe job failed'));
  observeWorkerJobs(registry, 'probes', worker, () => clock.now().getTime());
  worker.on('error', (err) => logger.error({ err: err.message }, 'probe worker error'));
  const testWorker = createWorker('probe-tests', createProbeTestProcessor({ redis: producerRedis, prefix: config.redisPrefix, cipher, probes, logger }), {
    connection: workerRedis,
    prefix: config.redisPrefix,
    concurrency: PROBE_TEST_CONCURRENCY,
  });
  testWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message }, 'test probe failed'));
  testWorker.on('error', (err) => logger.error({ err: err.message }, 'test probe worker error'));

  let shuttingDown = false;
  const health = await startHealthServer(
    {
      host: config.httpHost,
      port: config.port,
      readiness: {
        postgres: pgPoolReady(pool),
        redis: redisReady(workerRedis),
      },
      logger,
      metrics: registry,
    },
    () => shuttingDown,
  );
  logger.info({ port: config.port, concurrency: config.concurrency, location: config.location }, 'prober ready');
  return {
    async stop() {
      shuttingDown = true;
      await closeServer(health);
      // Finishes the probes in flight (each records its result) before closing connections.
      await worker.close();
      await testWorker.close();
      await results.drain();
      await queues.close();
      probes.destroy();
      workerRedis.disconnect();
      producerRedis.disconnect();
      await pool.end();
    },
  };
}
