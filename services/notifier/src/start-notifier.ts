import type { NotifierConfig } from '@upmon/config';
import { createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { closeServer, createRedis, postgresReady, redisReady, startHealthServer, type RunningService } from '@upmon/service-kit';

export async function startNotifier(config: NotifierConfig, logger: Logger): Promise<RunningService> {
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  const redis = createRedis(config.redisUrl, 'worker');
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
  logger.info({ port: config.port }, 'notifier ready');
  return {
    async stop() {
      shuttingDown = true;
      await closeServer(health);
      redis.disconnect();
      await prisma.$disconnect();
    },
  };
}
