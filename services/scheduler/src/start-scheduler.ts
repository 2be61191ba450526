import type { SchedulerConfig } from '@upmon/config';
import { createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { closeServer, createRedis, postgresReady, redisReady, startHealthServer, systemClock, type RunningService } from '@upmon/service-kit';
import { createTasks } from './tasks/index.js';

export async function startScheduler(config: SchedulerConfig, logger: Logger): Promise<RunningService> {
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  const redis = createRedis(config.redisUrl, 'producer');
  const queues = new Queues(redis, config.redisPrefix);
  let shuttingDown = false;
  // The loop that runs these tasks comes with the deadline scheduler (issue 4).
  createTasks({ config, logger, prisma, queues, clock: systemClock });
  const health = await startHealthServer(
    {
      host: config.httpHost,
      port: config.port,
      readiness: { postgres: postgresReady(prisma), redis: redisReady(redis) },
      logger,
    },
    () => shuttingDown,
  );
  logger.info({ port: config.port }, 'scheduler ready');
  return {
    async stop() {
      shuttingDown = true;
      await closeServer(health);
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
    },
  };
}
