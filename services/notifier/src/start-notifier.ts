import { createChannelSenders, createHttpClient } from '@upmon/channels';
import type { NotifierConfig } from '@upmon/config';
import { createAckTokens, createCipher } from '@upmon/crypto';
import { createPgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { createMailer } from '@upmon/mailer';
import { createDeliveryMetrics, createFanOutMetrics, createMetricsRegistry, observeWorkerJobs } from '@upmon/metrics';
import { DELIVERY_ATTEMPTS, Queues, createWorker } from '@upmon/queue';
import { closeServer, createRedis, pgPoolReady, redisReady, startHealthServer, systemClock, type Clock, type RunningService } from '@upmon/service-kit';
import { createDeliveryProcessor } from './delivery/delivery-processor.js';
import { createDeliveryStore } from './delivery/delivery-store.js';
import { createDependencyHold } from './delivery/dependency-hold.js';
import { createMaintenanceHold } from './delivery/maintenance-hold.js';
import { deliveryBackoff } from './delivery/retry-backoff.js';
import { createSmsQuota } from './delivery/sms-quota.js';
import { startFlipIntake } from './fan-out/flip-intake.js';
import { createSloAlertProcessor } from './slo-alerts/slo-alert-processor.js';
import { startNoticeIntake } from './subscribers/notice-intake.js';
import { createSubscriberMailProcessor } from './subscribers/subscriber-mail-processor.js';
import { createTestNotificationProcessor } from './test-notification/test-notification-processor.js';

/**
 * Wires the flip intake (committed flips claimed from PostgreSQL and fanned out to matching
 * integrations) and the workers: `deliveries` (one notification to one integration, retried with
 * backoff, every attempt logged) and `test-notifications` (the web app's "send a test
 * notification", sent once and logged) and `slo-alerts` (SLO burn-rate alerts, docs/slos.md).
 */
export async function startNotifier(config: NotifierConfig, logger: Logger, clock: Clock = systemClock): Promise<RunningService> {
  // No Prisma client here: the workers' SQL runs on a pg pool (createPgPool of @upmon/db).
  const pool = createPgPool(config.databaseUrl, config.databasePoolSize, logger);
  // Workers wait for Redis to come back (no offline failure); the fan-out's enqueues use the
  // same kind of connection, bounded by the queue's enqueue timeout (then the claim rolls back).
  const workerRedis = createRedis(config.redisUrl, 'worker');
  const producerRedis = createRedis(config.redisUrl, 'worker');
  const queues = new Queues(producerRedis, config.redisPrefix);
  const cipher = createCipher(config.encryptionKeys);
  const http = createHttpClient({ allowCidrs: config.outboundAllowCidrs, timeoutMs: config.httpTimeoutMs });
  const mailerSettings = { smtpUrl: config.smtpUrl, from: config.emailFrom, timeoutMs: config.httpTimeoutMs };
  const mailer = createMailer(mailerSettings);
  const channels = createChannelSenders({ http: http.send, mailer, clock, providers: config.providers });

  const registry = createMetricsRegistry();
  const deliveryStore = createDeliveryStore(pool);
  const smsQuota = createSmsQuota({ pool, mailer, cipher, logger: logger.child({ worker: 'deliveries' }), appBaseUrl: config.appBaseUrl });
  const deliver = createDeliveryProcessor({
    store: deliveryStore,
    dependencyHold: createDependencyHold(pool),
    maintenanceHold: createMaintenanceHold(pool),
    smsQuota,
    channels,
    cipher,
    clock,
    logger: logger.child({ worker: 'deliveries' }),
    appBaseUrl: config.appBaseUrl,
    ackTokens: createAckTokens(config.encryptionKeys),
    metrics: createDeliveryMetrics(registry),
  });

  const workerOptions = {
    connection: workerRedis,
    prefix: config.redisPrefix,
    concurrency: config.concurrency,
    // A killed worker's jobs are taken over once its lock lapses; a crash loop on one job
    // still gets a few tries before the job is failed (and logged) instead of retried forever.
    lockDuration: config.stallTimeoutMs,
    stalledInterval: config.stallTimeoutMs,
    maxStalledCount: 3,
  };
  const deliveriesWorker = createWorker(
    'deliveries',
    async (payload, job) => {
      await deliver(payload, { attemptsMade: job.attemptsMade, maxAttempts: job.opts.attempts ?? DELIVERY_ATTEMPTS });
    },
    { ...workerOptions, settings: { backoffStrategy: deliveryBackoff(config.retryBaseMs) } },
  );
  const sendTest = createTestNotificationProcessor({
    pool,
    store: deliveryStore,
    smsQuota,
    channels,
    cipher,
    clock,
    logger: logger.child({ worker: 'test-notifications' }),
    appBaseUrl: config.appBaseUrl,
  });
  const testsWorker = createWorker(
    'test-notifications',
    async (payload) => {
      await sendTest(payload);
    },
    { ...workerOptions, concurrency: Math.min(config.concurrency, 10) },
  );
  const sendSloAlert = createSloAlertProcessor({
    pool,
    store: deliveryStore,
    smsQuota,
    channels,
    cipher,
    clock,
    logger: logger.child({ worker: 'slo-alerts' }),
    appBaseUrl: config.appBaseUrl,
  });
  const sloAlertsWorker = createWorker(
    'slo-alerts',
    async (payload, job) => {
      await sendSloAlert(payload, { attemptsMade: job.attemptsMade, maxAttempts: job.opts.attempts ?? DELIVERY_ATTEMPTS });
    },
    { ...workerOptions, concurrency: Math.min(config.concurrency, 10), settings: { backoffStrategy: deliveryBackoff(config.retryBaseMs) } },
  );
  const sendSubscriberMails = createSubscriberMailProcessor({
    pool,
    mailer: mailerSettings,
    http: http.send,
    clock,
    appBaseUrl: config.appBaseUrl,
    logger: logger.child({ worker: 'subscriber-mails' }),
  });
  const subscriberMailsWorker = createWorker(
    'subscriber-mails',
    async (payload, job) => {
      await sendSubscriberMails(payload, { attemptsMade: job.attemptsMade, maxAttempts: job.opts.attempts ?? DELIVERY_ATTEMPTS });
    },
    // Each job is a batch sent over one SMTP connection: a few batches at once keep the server busy.
    { ...workerOptions, concurrency: Math.min(config.concurrency, 10), settings: { backoffStrategy: deliveryBackoff(config.retryBaseMs) } },
  );
  for (const [name, worker] of [
    ['deliveries', deliveriesWorker],
    ['test-notifications', testsWorker],
    ['slo-alerts', sloAlertsWorker],
    ['subscriber-mails', subscriberMailsWorker],
  ] as const) {
    observeWorkerJobs(registry, name, worker, () => clock.now().getTime());
    worker.on('error', (err) => logger.warn({ worker: name, err: err.message }, 'worker error'));
    worker.on('failed', (job, err) => {
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === 'UnrecoverableError';
      logger[final ? 'error' : 'debug'](
        { worker: name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
        final ? 'job failed for good' : 'job failed; will retry',
      );
    });
  }

  const intake = startFlipIntake({
    pool,
    databaseUrl: config.databaseUrl,
    queues,
    logger: logger.child({ worker: 'fan-out' }),
    metrics: createFanOutMetrics(registry),
    batchSize: config.fanOutBatchSize,
    parallel: 2,
    pollIntervalMs: config.fanOutPollMs,
  });

  const notices = startNoticeIntake({
    pool,
    databaseUrl: config.databaseUrl,
    queues,
    logger: logger.child({ worker: 'notice-fan-out' }),
    pollIntervalMs: config.fanOutPollMs,
  });

  let shuttingDown = false;
  const health = await startHealthServer(
    {
      host: config.httpHost,
      port: config.port,
      readiness: { postgres: pgPoolReady(pool), redis: redisReady(workerRedis) },
      logger,
      metrics: registry,
    },
    () => shuttingDown,
  );
  logger.info({ port: config.port, concurrency: config.concurrency }, 'notifier ready');
  return {
    async stop() {
      shuttingDown = true;
      await closeServer(health);
      // Finish the jobs in hand (each is bounded by the HTTP timeout), then close connections.
      await Promise.all([intake.stop(), notices.stop()]);
      await Promise.all([deliveriesWorker.close(), testsWorker.close(), sloAlertsWorker.close(), subscriberMailsWorker.close()]);
      await queues.close();
      http.close();
      mailer.close();
      workerRedis.disconnect();
      producerRedis.disconnect();
      await pool.end();
    },
  };
}
