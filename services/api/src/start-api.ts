import type { Server } from 'node:http';
import type { ApiConfig } from '@upmon/config';
import { createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { closeServer, createRedis, postgresReady, redisReady, systemClock, type RunningService } from '@upmon/service-kit';
import { createApp } from './app.js';

export async function startApi(config: ApiConfig, logger: Logger): Promise<RunningService> {
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  const redis = createRedis(config.redisUrl, 'producer');
  const queues = new Queues(redis, config.redisPrefix);
  let shuttingDown = false;

  const app = createApp({
    config,
    logger,
    prisma,
    redis,
    queues,
    clock: systemClock,
    readiness: { postgres: postgresReady(prisma), redis: redisReady(redis) },
    isShuttingDown: () => shuttingDown,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.httpHost, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  logger.info({ port: config.port }, 'api ready');

  return {
    async stop() {
      shuttingDown = true;
      await closeServer(server);
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
    },
  };
}
