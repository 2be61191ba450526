import { buildTestNotification } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { IntegrationKind } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import type { TestNotificationJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type { ChannelRegistry } from '../channels/channel.js';
import { createConfigDecryptor } from '../delivery/config-cache.js';
import type { DeliveryStore } from '../delivery/delivery-store.js';
import { DELIVERY_ERROR_MAX, sendThroughChannel, type SendTarget } from '../delivery/send-through-channel.js';
import type { PgPool } from '../pg-pool.js';

export interface TestNotificationDeps {
  pool: PgPool;
  store: Pick<DeliveryStore, 'recordAttempt'>;
  channels: ChannelRegistry;
  cipher: Cipher;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
}

/**
 * `test-notifications` worker: sends one test notification through the integration's channel,
 * once (the person who asked is watching; a failure is the answer, not something to retry), and
 * logs the attempt with event `test` and no check. Sent even when the integration is disabled or
 * its events would not match: the point is to try the channel.
 */
export function createTestNotificationProcessor(deps: TestNotificationDeps) {
  const decryptConfig = createConfigDecryptor(deps.cipher, 100);
  return async function sendTest(job: TestNotificationJob): Promise<'sent' | 'failed' | 'skipped'> {
    const { rows } = await deps.pool.query<SendTarget & { projectId: string }>(
      `SELECT id AS "integrationId", kind::text AS kind, name, config, telegram_chat_id AS "telegramChatId", project_id AS "projectId"
       FROM integrations WHERE id = $1`,
      [job.integrationId],
    );
    const target = rows[0];
    if (!target) return 'skipped';
    const now = deps.clock.now();
    const link = `${deps.appBaseUrl}/projects/${target.projectId}/integrations/${target.integrationId}`;
    const notification = buildTestNotification({ integrationName: target.name, now, link });
    const { failure, statusCode, latencyMs } = await sendThroughChannel(deps.channels, decryptConfig, { ...target, kind: target.kind as IntegrationKind }, notification);
    await deps.store.recordAttempt({
      integrationId: target.integrationId,
      checkId: null,
      flipId: null,
      event: 'test',
      attempt: 1,
      status: failure ? 'failed' : 'succeeded',
      statusCode,
      error: failure ? failure.message.slice(0, DELIVERY_ERROR_MAX) : null,
      latencyMs,
    });
    if (failure) deps.logger.info({ integrationId: target.integrationId, kind: target.kind, error: failure.message }, 'test notification failed');
    return failure ? 'failed' : 'sent';
  };
}
