import type { ChannelSenders } from '@upmon/channels';
import { buildBurnAlertNotification, type BurnAlertKind } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { IntegrationKind, PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { UnrecoverableError, type SloAlertJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import { createConfigDecryptor } from '../delivery/config-cache.js';
import type { DeliveryStore } from '../delivery/delivery-store.js';
import { DELIVERY_ERROR_MAX, sendThroughChannel, type SendTarget } from '../delivery/send-through-channel.js';
import type { SmsQuota } from '../delivery/sms-quota.js';

export interface SloAlertDeps {
  pool: PgPool;
  store: Pick<DeliveryStore, 'recordAttempt'>;
  smsQuota: Pick<SmsQuota, 'spend'>;
  channels: ChannelSenders;
  cipher: Cipher;
  clock: Clock;
  logger: Logger;
  appBaseUrl: string;
}

interface AlertRow extends SendTarget {
  enabled: boolean;
  emailVerified: boolean;
  kind: IntegrationKind;
  alertKind: BurnAlertKind;
  firedAt: Date;
  resolvedAt: Date | null;
  longBurn: number;
  threshold: number;
  sloId: string;
  sloName: string;
  projectId: string;
  checkId: string | null;
  checkName: string | null;
  tag: string | null;
  targetPercent: number;
  windowKind: string;
  windowDays: number | null;
  tz: string;
}

/**
 * `slo-alerts` worker: one SLO burn-rate alert (fired or resolved) to one integration, with its
 * own words (core's `buildBurnAlertNotification`), every attempt in the delivery log with event
 * `slo_burn`. Retried with the deliveries' backoff (a failed attempt throws; a permanent failure ends it). Not sent when the
 * integration was disabled or deleted since, to an unverified e-mail address, or over the
 * account's SMS quota. Quiet hours, flapping and maintenance holds are for check alerts only: a
 * burn alert is already the summary of many minutes.
 */
export function createSloAlertProcessor(deps: SloAlertDeps) {
  const decryptConfig = createConfigDecryptor(deps.cipher, 100);
  return async function sendSloAlert(job: SloAlertJob, info: { attemptsMade: number; maxAttempts: number }): Promise<'sent' | 'skipped'> {
    const attempt = info.attemptsMade + 1;
    const { rows } = await deps.pool.query<AlertRow>(
      `SELECT i.id AS "integrationId", i.kind::text AS kind, i.name, i.config, i.telegram_chat_id AS "telegramChatId", i.enabled,
              i.email_verified_at IS NOT NULL AS "emailVerified",
              a.kind AS "alertKind", a.fired_at AS "firedAt", a.resolved_at AS "resolvedAt", a.long_burn AS "longBurn", a.threshold,
              s.id AS "sloId", s.name AS "sloName", s.project_id AS "projectId", s.check_id AS "checkId", c.name AS "checkName", s.tag,
              s.target_percent AS "targetPercent", s.window_kind AS "windowKind", s.window_days AS "windowDays", s.tz
         FROM slo_burn_alerts a
         JOIN slos s ON s.id = a.slo_id
         JOIN integrations i ON i.id = $2 AND i.project_id = s.project_id
         LEFT JOIN checks c ON c.id = s.check_id
        WHERE a.id = $1`,
      [job.alertId, job.integrationId],
    );
    const row = rows[0];
    const log = deps.logger.child({ integrationId: job.integrationId, alertId: job.alertId, phase: job.phase });
    if (!row || !row.enabled) return 'skipped';
    const resolved = job.phase === 'resolved';
    const record = (r: { failure: { message: string; kind?: string } | null; statusCode: number | null; latencyMs: number | null }) =>
      deps.store.recordAttempt({
        integrationId: row.integrationId,
        checkId: row.checkId,
        flipId: null,
        event: 'slo_burn',
        attempt,
        status: !r.failure ? 'succeeded' : r.failure.kind === 'transient' && attempt < info.maxAttempts ? 'failed_retrying' : 'failed',
        statusCode: r.statusCode,
        error: r.failure ? r.failure.message.slice(0, DELIVERY_ERROR_MAX) : null,
        latencyMs: r.latencyMs,
      });
    const refuse = async (reason: string) => {
      await record({ failure: { message: reason }, statusCode: null, latencyMs: null });
      log.info({ reason }, 'SLO alert refused');
      return 'skipped' as const;
    };
    if (row.kind === 'email' && !row.emailVerified) return refuse('e-mail address not verified: open the link mailed to it first');
    let smsSpent: { giveBack(): Promise<void> } | null = null;
    if (row.kind === 'sms') {
      const spend = await deps.smsQuota.spend(row.integrationId, deps.clock.now());
      if (!spend.ok) return refuse(spend.reason);
      smsSpent = spend;
    }
    const notification = buildBurnAlertNotification({
      sloId: row.sloId,
      sloName: row.sloName,
      subjectText: row.checkId ? `check "${row.checkName ?? row.checkId}"` : `checks tagged "${row.tag}"`,
      kind: row.alertKind,
      phase: job.phase,
      targetPercent: row.targetPercent,
      longBurn: row.longBurn,
      threshold: row.threshold,
      windowText: row.windowKind === 'calendar_month' ? `the calendar month (${row.tz})` : `${row.windowDays} days`,
      at: resolved ? (row.resolvedAt ?? deps.clock.now()) : row.firedAt,
      link: `${deps.appBaseUrl}/projects/${row.projectId}/slos`,
    });
    const sent = await sendThroughChannel(deps.channels, decryptConfig, row, notification);
    await record(sent);
    if (sent.failure) {
      await smsSpent?.giveBack();
      log.warn({ kind: row.kind, attempt, error: sent.failure.message }, 'SLO alert failed');
      if (sent.failure.kind === 'permanent') throw new UnrecoverableError(sent.failure.message);
      throw sent.failure;
    }
    return 'sent';
  };
}
