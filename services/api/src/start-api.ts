import http from 'node:http';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '@upmon/config';
import { createCipher } from '@upmon/crypto';
import { createPgPool, createPrismaClient } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { createMailer } from '@upmon/mailer';
import { createFlipMetrics, createMetricsRegistry, createPingMetrics } from '@upmon/metrics';
import { Queues } from '@upmon/queue';
import {
  closeServer,
  createRedis,
  healthRequestHandler,
  pgPoolReady,
  postgresReady,
  redisReady,
  startHealthServer,
  systemClock,
  warnAboutPostgresSettings,
  type RunningService,
  type ReadinessCheck,
} from '@upmon/service-kit';
import { createApp } from './app.js';
import { createPingReceiver } from './ping/index.js';
import { createRemoteProbers, type RemoteProbers } from './v1/prober/remote-probers.js';

function listen(server: http.Server, config: ApiConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.httpHost, () => resolve());
  });
}

/**
 * The api process: one node:http server. Pings go to the raw ping receiver first (the hot path:
 * micro-batched SQL on a pg pool); everything else (REST API, Telegram webhook, health) to Express.
 * With `pingOnly` (entry point ping-main.ts) it serves the ping domain alone: pings and health.
 */
export async function startApi(config: ApiConfig, logger: Logger, opts: { pingOnly?: boolean } = {}): Promise<RunningService> {
  const pool = createPgPool(config.databaseUrl, config.databasePoolSize, logger);
  const prisma = opts.pingOnly ? null : createPrismaClient(config.databaseUrl, { poolSize: config.databasePoolSize });
  // Pings need PostgreSQL alone (the notifier takes their flips from it); the rest of the API
  // enqueues (test notifications, e-mail) and so needs Redis too.
  const redis = prisma ? createRedis(config.redisUrl, 'producer') : null;
  const queues = redis ? new Queues(redis, config.redisPrefix) : null;
  let shuttingDown = false;
  const isShuttingDown = () => shuttingDown;
  const readiness: Record<string, ReadinessCheck> =
    prisma && redis ? { postgres: postgresReady(prisma), redis: redisReady(redis) } : { postgres: pgPoolReady(pool) };
  const registry = createMetricsRegistry();
  const flipMetrics = createFlipMetrics(registry);

  const pings = createPingReceiver({
    pool,
    cipher: createCipher(config.encryptionKeys),
    logger,
    clock: systemClock,
    bodyLimitBytes: config.pingBodyLimitBytes,
    commitIntervalMs: config.pingCommitIntervalMs,
    trustedProxies: config.trustedProxies,
    metrics: { pings: createPingMetrics(registry), flips: flipMetrics },
  });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.emailFrom, timeoutMs: 10_000 });
  let rest: http.RequestListener;
  let workerRedis: Redis | null = null;
  let remoteProbers: RemoteProbers | null = null;
  if (prisma && redis && queues) {
    workerRedis = createRedis(config.redisUrl, 'worker');
    remoteProbers = createRemoteProbers({ workerRedis, redis, prefix: config.redisPrefix, pool, cipher: createCipher(config.encryptionKeys), flipMetrics });
    rest = createApp({ config, logger, prisma, pool, redis, queues, mailer, clock: systemClock, readiness, isShuttingDown, flipMetrics, remoteProbers });
  } else {
    const health = healthRequestHandler(readiness, isShuttingDown, { details: false, logger });
    rest = (req, res) => {
      health(req, res).then(
        (handled) => {
          if (!handled) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        },
        () => res.writeHead(500).end(),
      );
    };
  }
  const server = http.createServer((req, res) => {
    if (!pings.handle(req, res)) rest(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await listen(server, config);
  // Operators' metrics on a port of their own: the public port must not expose them.
  const ops = await startHealthServer({ host: config.httpHost, port: config.metricsPort, readiness, logger, metrics: registry }, isShuttingDown);
  logger.info({ port: config.port, metricsPort: config.metricsPort, pingOnly: !!opts.pingOnly }, 'api ready');
  void warnAboutPostgresSettings(pool, logger);

  return {
    async stop() {
      shuttingDown = true;
      // Stop accepting and let requests in hand finish (each ping answers after its commit).
      // Keep-alive connections that finish a request after close() would hold the server open
      // until their idle timeout: close each one as soon as it is idle.
      const idleCloser = setInterval(() => server.closeIdleConnections(), 100);
      await closeServer(server);
      clearInterval(idleCloser);
      await closeServer(ops);
      await pings.drain();
      await remoteProbers?.close();
      workerRedis?.disconnect();
      // BullMQ's close waits for a Redis that may be down: do not let it hold the shutdown.
      if (queues) await Promise.race([queues.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      redis?.disconnect();
      mailer.close();
      await prisma?.$disconnect();
      await pool.end();
    },
  };
}
