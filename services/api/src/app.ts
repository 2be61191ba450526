import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import { healthRequestHandler, type Clock, type ReadinessCheck } from '@upmon/service-kit';
import { mountPingRoutes } from './ping/index.js';
import { mountTelegramWebhook } from './telegram/index.js';

export interface AppDeps {
  config: ApiConfig;
  logger: Logger;
  prisma: PrismaClient;
  redis: Redis;
  queues: Queues;
  clock: Clock;
  readiness: Record<string, ReadinessCheck>;
  isShuttingDown: () => boolean;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  const health = healthRequestHandler(deps.readiness, deps.isShuttingDown);
  app.get(['/healthz', '/readyz'], (req, res, next) => {
    health(req, res).then((handled) => (handled ? undefined : next()), next);
  });
  // Other routers mount here: REST API v1 (issue 3) under /api/v1.
  mountTelegramWebhook(app, deps);
  // Ping URLs are /<uuid>… and /<ping_key>/<slug>…: mounted last, after every fixed path.
  mountPingRoutes(app, deps);
  app.use((_req, res) => {
    res.status(404).json({ message: 'not found' });
  });
  return app;
}
