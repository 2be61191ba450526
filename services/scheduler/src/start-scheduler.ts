import type { SchedulerConfig } from '@upmon/config';
import { createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { closeServer, createRedis, postgresReady, redisReady, startHealthServer, type RunningService } from '@upmon/service-kit';

export async function startScheduler(config: SchedulerConfig, logger: Logger): Promise<RunningService> {
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  const redis = createRedis(config.redisUrl, 'producer');
  const queues = new Queues(redis, config.redisPrefix);
  let shuttingDown = false;
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
