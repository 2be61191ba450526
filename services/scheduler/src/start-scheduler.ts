import type { SchedulerConfig } from '@upmon/config';
import { createCipher } from '@upmon/crypto';
import { createPgPool, createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { createFlipMetrics, createMetricsRegistry, QUEUE_STATES, registerFlipBacklog, registerLocationHealth, registerQueueDepth } from '@upmon/metrics';
import { QUEUE_NAMES, Queues } from '@upmon/queue';
import {
  closeServer,
  createRedis,
  postgresReady,
  redisReady,
  startHealthServer,
  systemClock,
  warnAboutPostgresSettings,
  type RunningService,
} from '@upmon/service-kit';
import { startRemoteResultConsumers } from './remote-results.js';
import { startTaskLoop } from './task-loop.js';
import { createTasks } from './tasks/index.js';
import { readLocationHealth, readWaitingFlipsBacklog } from '@upmon/check-store';

/**
 * The scheduler process: every task of tasks/index.ts in a loop of its own (task-loop.ts).
 * SIGTERM: each loop finishes the round in hand (a batch is one transaction, so nothing is left
 * half done), then connections close.
 */
export async function startScheduler(config: SchedulerConfig, logger: Logger): Promise<RunningService> {
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  const pool = createPgPool(config.databaseUrl, config.databasePoolSize, logger);
  const redis = createRedis(config.redisUrl, 'producer');
  redis.on('error', (err) => logger.debug({ err: err.message }, 'redis connection error'));
  const queues = new Queues(redis, config.redisPrefix);
  let shuttingDown = false;
  const registry = createMetricsRegistry();
  // Queue depths and the flip backlog are global: read from Redis and PostgreSQL at scrape time.
  registerQueueDepth(registry, QUEUE_NAMES, () => queues.jobCounts(QUEUE_STATES));
  registerFlipBacklog(registry, () => readWaitingFlipsBacklog(pool));
  registerLocationHealth(
    registry,
    () => readLocationHealth(pool, config.publicLocations, systemClock.now()),
    () => systemClock.now(),
  );
  const cipher = config.encryptionKeys.length > 0 ? createCipher(config.encryptionKeys) : null;
  const flipMetrics = createFlipMetrics(registry);
  const tasks = createTasks({ config, logger, prisma, queues, clock: systemClock, pool, flipMetrics, cipher });
  // Remote locations' results (docs/locations.md); the config requires the keys when there are any.
  const workerRedis = cipher && config.publicLocations.some((l) => l !== 'local') ? createRedis(config.redisUrl, 'worker') : null;
  workerRedis?.on('error', (err) => logger.debug({ err: err.message }, 'redis connection error'));
  const remoteResults =
    cipher && workerRedis
      ? startRemoteResultConsumers({
          pool,
          cipher,
          connection: workerRedis,
          prefix: config.redisPrefix,
          publicLocations: config.publicLocations,
          flipMetrics,
          logger,
        })
      : null;
  const loops = tasks.map((task) => startTaskLoop(task, { clock: systemClock, logger, idleIntervalMs: config.idleIntervalMs, batchSize: config.batchSize }));
  const health = await startHealthServer(
    {
      host: config.httpHost,
      port: config.port,
      readiness: { postgres: postgresReady(prisma), redis: redisReady(redis) },
      logger,
      metrics: registry,
    },
    () => shuttingDown,
  );
  logger.info({ port: config.port, tasks: tasks.map((t) => t.name) }, 'scheduler ready');
  void warnAboutPostgresSettings(pool, logger);
  return {
    async stop() {
      shuttingDown = true;
      await Promise.all(loops.map((l) => l.stop()));
      await Promise.race([remoteResults?.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      workerRedis?.disconnect();
      await closeServer(health);
      // BullMQ's close waits for a Redis that may be down: do not let it hold the shutdown.
      await Promise.race([queues.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      redis.disconnect();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
