import { isInQuietHours, parseQuietHours, quietHoursEnd } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import { UnrecoverableError, type DeliveryJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type { ChannelRegistry } from '../channels/channel.js';
import { DeliveryError, asDeliveryError, permanentError } from '../delivery-error.js';
import { composeNotification } from './compose-notification.js';
import { createConfigDecryptor, type ChannelConfig } from './config-cache.js';
import type { DeliveryStore } from './delivery-store.js';

export interface DeliveryDeps {
  store: DeliveryStore;
  channels: ChannelRegistry;
  cipher: Cipher;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
}

/** What the processor needs of the BullMQ job. */
export interface AttemptInfo {
  /** Attempts already finished (0 on the first). */
  attemptsMade: number;
  /** Attempts allowed in all. */
  maxAttempts: number;
}

export type DeliveryOutcome = 'sent' | 'held' | 'skipped';

const ERROR_MAX = 500;

/**
 * `deliveries` worker: one notification to one integration. Holds it during quiet hours (first
 * attempt only: a retry is the same notification, already due), sends it through the channel
 * of the integration's kind, and logs every attempt. A transient failure is rethrown for the
 * queue to retry with backoff; a permanent one, or the last attempt, is logged as `failed` and
 * the job ends as failed (kept in the log and in the failed set, never dropped).
 */
export function createDeliveryProcessor(deps: DeliveryDeps) {
  const decryptConfig = createConfigDecryptor(deps.cipher);
  return async function deliver(job: DeliveryJob, info: AttemptInfo): Promise<DeliveryOutcome> {
    // The job's child logger only when something is logged (most deliveries log nothing at the
    // default level, and a pino child costs a serialisation of its bindings).
    let child: Logger | undefined;
    const log = () => (child ??= deps.logger.child({ integrationId: job.integrationId, checkId: job.checkId, event: job.event, flipId: job.flipId }));
    const isFlipEvent = job.event === 'down' || job.event === 'up' || job.event === 'late';
    const flipId = job.flipId ?? null;
    const loaded = await deps.store.load(job.integrationId, job.checkId, flipId, job.event);
    if (!loaded) {
      log().info('integration or check deleted; nothing to deliver');
      return 'skipped';
    }
    const { target, flip } = loaded;
    if (!target.enabled) {
      log().info('integration disabled; not delivered');
      return 'skipped';
    }
    if (isFlipEvent && !flip) {
      log().info('flip gone; nothing to deliver');
      return 'skipped';
    }
    if (isFlipEvent && loaded.alreadyDelivered) {
      // A job re-run after Redis lost its completion (or after its id expired, or after the
      // scheduler's Redis recovery enqueued its flip again) sends nothing twice; nor a flip event
      // already held for quiet hours (its digest may be out already).
      log().info('already delivered; not sent again');
      return 'skipped';
    }
    if (job.recovered && (await deps.store.recoveredAlreadyHandled(job))) {
      log().info('re-enqueued after Redis data loss, but already delivered; not sent again');
      return 'skipped';
    }

    const now = deps.clock.now();
    const attempt = info.attemptsMade + 1;
    const quiet = parseQuietHours(target.quietHours);
    if (attempt === 1 && job.event !== 'digest' && flipId !== null && isInQuietHours(quiet, now)) {
      const releaseAt = quietHoursEnd(quiet, now) as Date;
      // The digest lists held flips at the time they happened, reminders when they fell due.
      const ts = isFlipEvent && flip ? flip.ts : now;
      await deps.store.hold({ integrationId: job.integrationId, checkId: job.checkId, flipId, event: job.event, ts, releaseAt });
      await deps.store.recordAttempt({
        integrationId: job.integrationId,
        checkId: job.checkId,
        flipId,
        event: job.event,
        attempt,
        status: 'held',
        statusCode: null,
        error: null,
        latencyMs: null,
      });
      log().info({ releaseAt }, 'held for quiet hours');
      return 'held';
    }

    const notification = await composeNotification({ store: deps.store, cipher: deps.cipher, appBaseUrl: deps.appBaseUrl }, job, target, flip, now);
    if (!notification) {
      log().info('flip, reminder or held notifications gone; nothing to deliver');
      return 'skipped';
    }

    const started = performance.now();
    let failure: DeliveryError | null = null;
    let statusCode: number | null = null;
    try {
      let config: ChannelConfig;
      try {
        config = decryptConfig(target.config);
      } catch {
        throw permanentError('integration config cannot be decrypted (wrong ENCRYPTION_KEY?)');
      }
      const outcome = await deps.channels[target.kind].send({
        notification,
        integration: { id: target.integrationId, name: target.name, telegramChatId: target.telegramChatId },
        config,
      });
      statusCode = outcome.statusCode;
    } catch (err) {
      failure = asDeliveryError(err);
      statusCode = failure.statusCode;
    }
    const latencyMs = Math.round(performance.now() - started);
    const lastAttempt = attempt >= info.maxAttempts;
    const status = !failure ? 'succeeded' : failure.kind === 'permanent' || lastAttempt ? 'failed' : 'failed_retrying';
    await deps.store.recordAttempt({
      integrationId: job.integrationId,
      checkId: job.checkId,
      flipId,
      event: job.event,
      attempt,
      status,
      statusCode,
      error: failure ? failure.message.slice(0, ERROR_MAX) : null,
      latencyMs,
    });
    if (!failure) {
      deps.logger.debug(
        { integrationId: job.integrationId, checkId: job.checkId, event: job.event, flipId: job.flipId, kind: target.kind, latencyMs, attempt },
        'delivered',
      );
      return 'sent';
    }
    log()[status === 'failed' ? 'error' : 'warn']({ kind: target.kind, attempt, status, statusCode, error: failure.message }, 'delivery failed');
    if (failure.kind === 'permanent') throw new UnrecoverableError(failure.message);
    throw failure;
  };
}
