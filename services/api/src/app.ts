import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '@upmon/config';
import type { PrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';
import { healthRequestHandler, type Clock, type ReadinessCheck } from '@upmon/service-kit';
import { errorMiddleware } from './http/error-middleware.js';
import { mountPingRoutes } from './ping/index.js';
import { mountTelegramWebhook } from './telegram/index.js';
import { mountApiV1 } from './v1/index.js';

export interface AppDeps {
  config: ApiConfig;
  logger: Logger;
  prisma: PrismaClient;
  /** Raw pg pool for the REST API's read hot paths; the owner closes it. Optional until start-api passes it. */
  pool?: pg.Pool;
  redis: Redis;
  queues: Queues;
  clock: Clock;
  readiness: Record<string, ReadinessCheck>;
  isShuttingDown: () => boolean;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETags: hashing every JSON body costs CPU on the hot read paths and API clients poll with
  // fresh requests anyway.
  app.set('etag', false);
  const health = healthRequestHandler(deps.readiness, deps.isShuttingDown);
  app.get(['/healthz', '/readyz'], (req, res, next) => {
    health(req, res).then((handled) => (handled ? undefined : next()), next);
  });
  // REST API v1: everything under /api/v1 is answered there (its own 404 and errors).
  mountApiV1(app, deps);
  mountTelegramWebhook(app, deps);
  // Ping URLs are /<uuid>… and /<ping_key>/<slug>…: mounted last, after every fixed path.
  mountPingRoutes(app, deps);
  app.use((_req, res) => {
    res.status(404).json({ message: 'not found' });
  });
  // Last resort for the other routers: JSON errors, 500s logged with an error id.
  app.use(errorMiddleware(deps.logger, { bodyLimitBytes: deps.config.apiBodyLimitBytes }));
  return app;
}
