import type { ProberConfig } from '@upmon/config';
import { createCipher } from '@upmon/crypto';
import { createPgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { createFlipMetrics, createMetricsRegistry, createProbeMetrics, observeWorkerJobs } from '@upmon/metrics';
import { createProbeContext } from '@upmon/probes';
import { PROBES_PER_JOB, ProbeResultQueue, createWorker, probeQueueName } from '@upmon/queue';
import { closeServer, createRedis, pgPoolReady, redisReady, startHealthServer, systemClock, type Clock, type RunningService } from '@upmon/service-kit';
import { ProbeClaims } from './probe-claims.js';
import { createProbeProcessor, type ProbeSource } from './probe-processor.js';
import { databaseProbeSource, queueProbeSource } from './probe-sources.js';
import { createProbeTestProcessor } from './probe-test-processor.js';
import { ProbeResultStore } from '@upmon/check-store';
import type { Redis } from 'ioredis';

/** "Test now" probes run at once per prober process (they are rate limited per account in the api). */
const PROBE_TEST_CONCURRENCY = 4;

export interface ProberOverrides {
  clock?: Clock;
  /** Extra trusted CA certificates (tests; operators use NODE_EXTRA_CA_CERTS). */
  certificateAuthority?: string | string[];
}

/**
 * The prober's database side (PROBER_RESULTS=database): checks and their credentials read from
 * PostgreSQL, results recorded through check-store, and the "test now" probes (their configs are
 * sealed with the encryption keys).
 */
function withDatabase(
  config: ProberConfig,
  logger: Logger,
  producerRedis: Redis,
  registry: ReturnType<typeof createMetricsRegistry>,
  probes: ReturnType<typeof createProbeContext>,
) {
  // Raw pg pool: every probe reads its check and records its result, the hot path (see ProbeResultStore).
  const pool = createPgPool(config.databaseUrl, config.databasePoolSize, logger);
  const cipher = createCipher(config.encryptionKeys);
  const results = new ProbeResultStore({
    pool,
    cipher,
    userAgent: config.userAgent,
    flipMetrics: createFlipMetrics(registry),
    publicLocations: config.publicLocations,
  });
  const testProcessor = createProbeTestProcessor({ redis: producerRedis, prefix: config.redisPrefix, cipher, probes, logger });
  return {
    source: databaseProbeSource(pool, cipher, results),
    testProcessor,
    readiness: { postgres: pgPoolReady(pool) },
    async close() {
      await results.drain();
      await pool.end();
    },
  };
}

/** A remote location's side (PROBER_RESULTS=queue): its jobs carry the probes, its results go to its results queue. */
function withQueue(config: ProberConfig, producerRedis: Redis) {
  const results = new ProbeResultQueue(producerRedis, config.redisPrefix, config.location);
  return {
    source: queueProbeSource(results, config.userAgent),
    testProcessor: null,
    readiness: {},
    close: () => results.close(),
  };
}

export async function startProber(config: ProberConfig, logger: Logger, overrides: ProberOverrides = {}): Promise<RunningService> {
  const workerRedis = createRedis(config.redisUrl, 'worker');
  // Results (remote locations) and test results are written on a fail-fast connection.
  const producerRedis = createRedis(config.redisUrl, 'producer');
  const clock = overrides.clock ?? systemClock;
  // No keep-alive: every probe measures (and checks) a fresh connection.
  const probes = createProbeContext({
    allowCidrs: config.outboundAllowCidrs,
    userAgent: config.userAgent,
    now: () => clock.now(),
    ...(overrides.certificateAuthority ? { certificateAuthority: overrides.certificateAuthority } : {}),
  });
  const registry = createMetricsRegistry();
  const side = config.results === 'queue' ? withQueue(config, producerRedis) : withDatabase(config, logger, producerRedis, registry, probes);
  const source: ProbeSource = side.source;
  const processor = createProbeProcessor({
    source,
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
  // "Test now" probes: only where the configs can be unsealed (not on a remote location, whose Redis user cannot read that queue anyway).
  let testWorker: ReturnType<typeof createWorker> | null = null;
  if (side.testProcessor) {
    testWorker = createWorker('probe-tests', side.testProcessor, {
      connection: workerRedis,
      prefix: config.redisPrefix,
      concurrency: PROBE_TEST_CONCURRENCY,
    });
    testWorker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message }, 'test probe failed'));
    testWorker.on('error', (err) => logger.error({ err: err.message }, 'test probe worker error'));
  }

  let shuttingDown = false;
  const health = await startHealthServer(
    {
      host: config.httpHost,
      port: config.port,
      readiness: {
        ...side.readiness,
        redis: redisReady(workerRedis),
      },
      logger,
      metrics: registry,
    },
    () => shuttingDown,
  );
  logger.info({ port: config.port, concurrency: config.concurrency, location: config.location, results: config.results }, 'prober ready');
  return {
    async stop() {
      shuttingDown = true;
      await closeServer(health);
      // Finishes the probes in flight (each records its result) before closing connections.
      await worker.close();
      await testWorker?.close();
      await side.close();
      probes.destroy();
      workerRedis.disconnect();
      producerRedis.disconnect();
    },
  };
}
