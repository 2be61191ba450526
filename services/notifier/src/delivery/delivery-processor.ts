import { isCollapsedForFlapping, isInQuietHours, isSnoozed, parseQuietHours, quietHoursEnd } from '@upmon/core';
import type { ChannelSenders } from '@upmon/channels';
import type { AckTokens, Cipher } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import type { DeliveryMetrics } from '@upmon/metrics';
import { UnrecoverableError, type DeliveryJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { composeNotification } from './compose-notification.js';
import { createConfigDecryptor } from './config-cache.js';
import type { DeliveryStore } from './delivery-store.js';
import type { DependencyHold } from './dependency-hold.js';
import type { MaintenanceHold } from './maintenance-hold.js';
import { DELIVERY_ERROR_MAX, sendThroughChannel } from './send-through-channel.js';
import type { SmsQuota } from './sms-quota.js';

export interface DeliveryDeps {
  store: DeliveryStore;
  /** Holds a down while a dependency of its check is down (dependency-hold.ts). */
  dependencyHold: DependencyHold;
  /** Holds what happens to a check under a maintenance window until it ends (maintenance-hold.ts). */
  maintenanceHold: MaintenanceHold;
  smsQuota: SmsQuota;
  channels: ChannelSenders;
  cipher: Cipher;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
  /** Signs the acknowledgement links of down alerts and reminders (compose-notification.ts). */
  ackTokens: AckTokens;
  metrics: DeliveryMetrics;
}

/** What the processor needs of the BullMQ job. */
export interface AttemptInfo {
  /** Attempts already finished (0 on the first). */
  attemptsMade: number;
  /** Attempts allowed in all. */
  maxAttempts: number;
}

export type DeliveryOutcome = 'sent' | 'held' | 'skipped';

/**
 * `deliveries` worker: one notification to one integration. Mutes it while its check is snoozed,
 * holds it during quiet hours or while
 * its check is flapping (first attempt only: a retry is the same notification, already due),
 * refuses it to an unverified e-mail address or beyond the account's SMS quota, sends it through
 * the channel of the integration's kind, and logs every attempt. A transient failure is rethrown
 * for the queue to retry with backoff; a permanent one, or the last attempt, is logged as `failed`
 * and the job ends as failed (kept in the log and in the failed set, never dropped).
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
      deps.metrics.finished('unknown', 'skipped');
      return 'skipped';
    }
    const { target, flip } = loaded;
    // Every return below is counted under the integration's kind.
    const finished = (outcome: DeliveryOutcome) => {
      deps.metrics.finished(target.kind, outcome);
      return outcome;
    };
    if (!target.enabled) {
      log().info('integration disabled; not delivered');
      return finished('skipped');
    }
    if (isFlipEvent && !flip) {
      log().info('flip gone; nothing to deliver');
      return finished('skipped');
    }
    if (isFlipEvent && loaded.alreadyDelivered) {
      // A job re-run after Redis lost its completion (or after its id expired, or after the
      // scheduler's Redis recovery enqueued its flip again) sends nothing twice; nor a flip event
      // already held for quiet hours (its digest may be out already).
      log().info('already delivered; not sent again');
      return finished('skipped');
    }
    if (job.recovered && (await deps.store.recoveredAlreadyHandled(job))) {
      log().info('re-enqueued after Redis data loss, but already delivered; not sent again');
      return finished('skipped');
    }

    const now = deps.clock.now();
    const attempt = info.attemptsMade + 1;
    const logRow = { integrationId: job.integrationId, checkId: job.checkId, flipId, event: job.event, attempt };
    /** A delivery that must not be sent: logged as `failed` with the reason, not retried. */
    const refuse = async (reason: string): Promise<never> => {
      await deps.store.recordAttempt({ ...logRow, status: 'failed', statusCode: null, error: reason.slice(0, DELIVERY_ERROR_MAX), latencyMs: null });
      log().warn({ kind: target.kind, reason }, 'not delivered');
      throw new UnrecoverableError(reason);
    };
    if (target.kind === 'email' && !target.emailVerified) {
      await refuse('e-mail address not verified: alerts are sent once the link mailed to it has been opened');
    }

    // Snooze (docs/notifications.md, "Snooze") mutes before any hold: nothing is kept to send later.
    if (attempt === 1 && isSnoozed(target.snooze, now, isFlipEvent && flip ? flip.ts : null)) {
      const until = target.snooze?.until ? `until ${target.snooze.until.toISOString()}` : 'until it recovers';
      const by = target.snoozedBy ? ` by ${target.snoozedBy}` : '';
      await deps.store.recordAttempt({
        ...logRow,
        status: 'held',
        statusCode: null,
        error: `snoozed${by} ${until}: muted, not sent`.slice(0, DELIVERY_ERROR_MAX),
        latencyMs: null,
      });
      log().info('muted: the check is snoozed');
      return finished('held');
    }
    if (attempt === 1 && (await deps.maintenanceHold.decide({ job, flip, flipId, now, logRow, recordAttempt: deps.store.recordAttempt }))) {
      log().info('held: the check is under maintenance');
      return finished('held');
    }
    if (attempt === 1 && (await deps.dependencyHold.decide({ job, flip, flipId, now, logRow, recordAttempt: deps.store.recordAttempt }))) {
      log().info('held or dropped: a dependency of the check is down');
      return finished('held');
    }
    const quiet = parseQuietHours(target.quietHours);
    if (attempt === 1 && job.event !== 'digest' && flipId !== null && isInQuietHours(quiet, now)) {
      const releaseAt = quietHoursEnd(quiet, now) as Date;
      // The digest lists held flips at the time they happened, reminders when they fell due.
      const ts = isFlipEvent && flip ? flip.ts : now;
      await deps.store.hold({ integrationId: job.integrationId, checkId: job.checkId, flipId, event: job.event, ts, releaseAt });
      await deps.store.recordAttempt({ ...logRow, status: 'held', statusCode: null, error: `quiet hours until ${releaseAt.toISOString()}`, latencyMs: null });
      log().info({ releaseAt }, 'held for quiet hours');
      return finished('held');
    }
    const settings = target.flapping;
    if (
      attempt === 1 &&
      isFlipEvent &&
      flip &&
      flipId !== null &&
      settings &&
      isCollapsedForFlapping(settings, loaded.changesInWindow, loaded.flapDigestPending)
    ) {
      const releaseAt = await deps.store.holdForFlapping({
        integrationId: job.integrationId,
        checkId: job.checkId,
        flipId,
        event: job.event,
        ts: flip.ts,
        settings,
      });
      const why =
        loaded.changesInWindow > settings.maxChanges ? `${loaded.changesInWindow} status changes in ${settings.windowMin} min` : 'a flapping digest is pending';
      await deps.store.recordAttempt({
        ...logRow,
        status: 'held',
        statusCode: null,
        error: `flapping (${why}): collapsed into one digest, due ${releaseAt.toISOString()} if the check changes no more`,
        latencyMs: null,
      });
      log().info({ releaseAt, changes: loaded.changesInWindow }, 'held: check flapping');
      return 'held';
    }

    const notification = await composeNotification(deps, job, target, flip, now);
    if (!notification) {
      log().info('flip, reminder or held notifications gone; nothing to deliver');
      return finished('skipped');
    }

    // An SMS spends one of the account's monthly messages first; a failed send gives it back.
    let smsSpent: { giveBack(): Promise<void> } | null = null;
    if (target.kind === 'sms') {
      const spend = await deps.smsQuota.spend(target.integrationId, now);
      if (!spend.ok) await refuse(spend.reason);
      else smsSpent = spend;
    }

    const { failure, statusCode, latencyMs } = await sendThroughChannel(deps.channels, decryptConfig, target, notification);
    if (failure) await smsSpent?.giveBack();
    const lastAttempt = attempt >= info.maxAttempts;
    const status = !failure ? 'succeeded' : failure.kind === 'permanent' || lastAttempt ? 'failed' : 'failed_retrying';
    deps.metrics.attempted(target.kind, latencyMs / 1000, attempt > 1);
    await deps.store.recordAttempt({
      ...logRow,
      status,
      statusCode,
      error: failure ? failure.message.slice(0, DELIVERY_ERROR_MAX) : null,
      latencyMs,
    });
    if (!failure) {
      deps.logger.debug(
        { integrationId: job.integrationId, checkId: job.checkId, event: job.event, flipId: job.flipId, kind: target.kind, latencyMs, attempt },
        'delivered',
      );
      if (isFlipEvent && flip) deps.metrics.notified(target.kind, (deps.clock.now().getTime() - flip.ts.getTime()) / 1000);
      return finished('sent');
    }
    deps.metrics.finished(target.kind, status === 'failed' ? 'failed' : 'retrying');
    log()[status === 'failed' ? 'error' : 'warn']({ kind: target.kind, attempt, status, statusCode, error: failure.message }, 'delivery failed');
    if (failure.kind === 'permanent') throw new UnrecoverableError(failure.message);
    throw failure;
  };
}
