import type { ChannelSenders } from '@upmon/channels';
import { buildTestNotification } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { IntegrationKind } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { TestNotificationJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { createConfigDecryptor } from '../delivery/config-cache.js';
import type { DeliveryStore } from '../delivery/delivery-store.js';
import { DELIVERY_ERROR_MAX, sendThroughChannel, type SendTarget } from '../delivery/send-through-channel.js';
import type { SmsQuota } from '../delivery/sms-quota.js';
import type { PgPool } from '@upmon/db';

export interface TestNotificationDeps {
  pool: PgPool;
  store: Pick<DeliveryStore, 'recordAttempt'>;
  /** A test SMS costs one of the account's monthly messages like an alert. */
  smsQuota: Pick<SmsQuota, 'spend'>;
  channels: ChannelSenders;
  cipher: Cipher;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
}

/**
 * `test-notifications` worker: sends one test notification through the integration's channel,
 * once (the person who asked is watching; a failure is the answer, not something to retry), and
 * logs the attempt with event `test` and no check. Sent even when the integration is disabled or
 * its events would not match: the point is to try the channel. Not sent where an alert would be
 * refused for abuse reasons: to an e-mail address not verified yet, or an SMS over the account's
 * monthly quota (each spends from it, like an alert).
 */
export function createTestNotificationProcessor(deps: TestNotificationDeps) {
  const decryptConfig = createConfigDecryptor(deps.cipher, 100);
  return async function sendTest(job: TestNotificationJob): Promise<'sent' | 'failed' | 'skipped'> {
    const { rows } = await deps.pool.query<SendTarget & { projectId: string; emailVerified: boolean }>(
      `SELECT id AS "integrationId", kind::text AS kind, name, config, telegram_chat_id AS "telegramChatId", project_id AS "projectId",
              email_verified_at IS NOT NULL AS "emailVerified"
       FROM integrations WHERE id = $1`,
      [job.integrationId],
    );
    const target = rows[0];
    if (!target) return 'skipped';
    const now = deps.clock.now();
    const record = (r: { failure: { message: string } | null; statusCode: number | null; latencyMs: number | null }) =>
      deps.store.recordAttempt({
        integrationId: target.integrationId,
        checkId: null,
        flipId: null,
        event: 'test',
        attempt: 1,
        status: r.failure ? 'failed' : 'succeeded',
        statusCode: r.statusCode,
        error: r.failure ? r.failure.message.slice(0, DELIVERY_ERROR_MAX) : null,
        latencyMs: r.latencyMs,
      });
    const refuse = async (reason: string) => {
      await record({ failure: { message: reason }, statusCode: null, latencyMs: null });
      deps.logger.info({ integrationId: target.integrationId, kind: target.kind, reason }, 'test notification refused');
      return 'failed' as const;
    };
    if (target.kind === 'email' && !target.emailVerified) return refuse('e-mail address not verified: open the link mailed to it first');
    let smsSpent: { giveBack(): Promise<void> } | null = null;
    if (target.kind === 'sms') {
      const spend = await deps.smsQuota.spend(target.integrationId, now);
      if (!spend.ok) return refuse(spend.reason);
      smsSpent = spend;
    }
    const link = `${deps.appBaseUrl}/projects/${target.projectId}/integrations/${target.integrationId}`;
    const notification = buildTestNotification({ integrationName: target.name, now, link });
    const sent = await sendThroughChannel(deps.channels, decryptConfig, { ...target, kind: target.kind as IntegrationKind }, notification);
    if (sent.failure) await smsSpent?.giveBack();
    await record(sent);
    if (sent.failure) deps.logger.info({ integrationId: target.integrationId, kind: target.kind, error: sent.failure.message }, 'test notification failed');
    return sent.failure ? 'failed' : 'sent';
  };
}
