import { asDeliveryError, expectSuccess, type HttpSend } from '@upmon/channels';
import type { PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { CommittedSendError, openSmtpSession, type MailerSettings, type SmtpSession } from '@upmon/mailer';
import type { SubscriberMailJob } from '@upmon/queue';
import type { Clock } from '@upmon/service-kit';
import type { AttemptInfo } from '../delivery/delivery-processor.js';
import { DELIVERY_ERROR_MAX } from '../delivery/send-through-channel.js';
import { subscriberMail, type NoticeContent } from './subscriber-mail.js';
import { subscriberWebhookBody } from './subscriber-webhook.js';

/** Raised while the notice's fan-out has not committed: the job is retried. */
class NoticeNotFannedOut extends Error {
  constructor() {
    super('notice not fanned out yet (its fan-out is still to commit)');
    this.name = 'NoticeNotFannedOut';
  }
}

async function loadNotice(pool: PgPool, noticeId: string): Promise<(NoticeContent & { fannedOut: boolean }) | null> {
  const { rows } = await pool.query<NoticeContent & { fannedOut: boolean }>(
    `SELECT n.id::text AS "noticeId", n.kind, n.fanned_out_at IS NOT NULL AS "fannedOut", p.title AS "pageTitle", p.public_key AS "publicKey",
            i.id AS "incidentId", i.title AS "incidentTitle", u.id AS "updateId", u.state::text AS state, u.message, u.created_at AS "postedAt"
       FROM status_page_notices n
       JOIN status_pages p ON p.id = n.status_page_id
       JOIN status_page_incident_updates u ON u.id = n.update_id
       JOIN status_page_incidents i ON i.id = u.incident_id
      WHERE n.id = $1`,
    [noticeId],
  );
  return rows[0] ?? null;
}

type PendingDelivery = { id: string; subscriberId: string; unsubscribeToken: string } & ({ kind: 'email'; email: string } | { kind: 'webhook'; url: string });

/** How one delivery went: `sent`, `skipped` (another worker had it), or failed (for good or to retry). */
type Outcome = 'sent' | 'skipped' | { error: string; permanent: boolean; committed: boolean };

export interface SubscriberDeliveryDeps {
  pool: PgPool;
  mailer: MailerSettings;
  /** The notifier's HTTP client (outbound guard for the subscribers' URLs). */
  http: HttpSend;
  clock: Clock;
  appBaseUrl: string;
  logger: Logger;
}

/**
 * `subscriber-mails` worker (docs/status-pages.md, "Delivery"): the batch's deliveries still
 * pending, each sent and marked in PostgreSQL. Mails go over one SMTP connection per batch and are
 * marked sent before the server can accept them (packages/mailer's committed send), so a job run
 * twice, or taken over from a killed notifier, mails nobody twice. Webhooks are marked after the
 * receiver's 2xx (at least once; the delivery id tells a repeat). A permanent failure (SMTP 5xx,
 * HTTP 4xx) or the last attempt marks a delivery failed; other failures leave it pending and the
 * job is retried with the deliveries' backoff.
 */
export function createSubscriberMailProcessor(deps: SubscriberDeliveryDeps) {
  const { pool } = deps;
  const markSent = async (id: string) =>
    (
      await pool.query(
        `UPDATE status_page_subscriber_deliveries SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`,
        [id],
      )
    ).rowCount === 1;
  const stillPending = async (id: string) =>
    (await pool.query(`SELECT 1 FROM status_page_subscriber_deliveries WHERE id = $1 AND status = 'pending'`, [id])).rowCount === 1;
  const markFailed = (id: string, status: 'pending' | 'failed', error: string, committed: boolean) =>
    pool.query(
      `UPDATE status_page_subscriber_deliveries SET status = $2, last_error = $3, sent_at = NULL, attempts = attempts + CASE WHEN $4 THEN 0 ELSE 1 END
        WHERE id = $1 AND (status = 'pending' OR $4)`,
      [id, status, error.slice(0, DELIVERY_ERROR_MAX), committed],
    );

  const mail = async (session: SmtpSession, notice: NoticeContent, row: PendingDelivery & { kind: 'email' }): Promise<Outcome> => {
    try {
      return (await session.send(subscriberMail(deps.appBaseUrl, notice, row), () => markSent(row.id))) === 'sent' ? 'sent' : 'skipped';
    } catch (err) {
      const e = err as CommittedSendError;
      return { error: e.message, permanent: e.permanent, committed: e.committed };
    }
  };

  const post = async (notice: NoticeContent, row: PendingDelivery & { kind: 'webhook' }): Promise<Outcome> => {
    if (!(await stillPending(row.id))) return 'skipped';
    try {
      const body = subscriberWebhookBody(deps.appBaseUrl, notice, row.id);
      const res = await deps.http({ url: row.url, headers: { 'content-type': 'application/json', 'x-upmon-delivery': row.id }, body, guarded: true });
      expectSuccess(res, deps.clock.now());
      return (await markSent(row.id)) ? 'sent' : 'skipped';
    } catch (err) {
      const e = asDeliveryError(err);
      return { error: e.message, permanent: e.kind === 'permanent', committed: false };
    }
  };

  return async function sendBatch(job: SubscriberMailJob, info: AttemptInfo): Promise<{ sent: number; failed: number }> {
    const notice = await loadNotice(pool, job.noticeId);
    if (!notice) return { sent: 0, failed: 0 }; // the page or the update was deleted: nothing to tell
    if (!notice.fannedOut) throw new NoticeNotFannedOut();
    const { rows } = await pool.query<PendingDelivery>(
      `SELECT d.id::text, s.id AS "subscriberId", s.kind, s.email, s.url, s.unsubscribe_token AS "unsubscribeToken"
         FROM status_page_subscriber_deliveries d JOIN status_page_subscribers s ON s.id = d.subscriber_id
        WHERE d.notice_id = $1 AND d.batch = $2 AND d.status = 'pending'
        ORDER BY d.id`,
      [job.noticeId, job.batch],
    );
    const lastAttempt = info.attemptsMade + 1 >= info.maxAttempts;
    const session = openSmtpSession(deps.mailer);
    let retry: string | null = null;
    let sent = 0;
    let failed = 0;
    try {
      for (const row of rows) {
        const outcome = row.kind === 'email' ? await mail(session, notice, row) : await post(notice, row);
        if (outcome === 'sent') sent++;
        if (typeof outcome !== 'object') continue;
        const final = outcome.permanent || lastAttempt;
        await markFailed(row.id, final ? 'failed' : 'pending', outcome.error, outcome.committed);
        if (final) failed++;
        else retry ??= outcome.error;
      }
    } finally {
      session.close();
    }
    if (failed > 0) deps.logger.warn({ noticeId: job.noticeId, batch: job.batch, failed }, 'subscriber deliveries failed for good');
    if (retry !== null) throw new Error(`subscriber deliveries to retry: ${retry}`);
    return { sent, failed };
  };
}
