import type { PgPool } from '@upmon/db';
import type { Logger } from '@upmon/logger';
import { CommittedSendError, openSmtpSession, type MailerSettings } from '@upmon/mailer';
import type { SubscriberMailJob } from '@upmon/queue';
import type { AttemptInfo } from '../delivery/delivery-processor.js';
import { DELIVERY_ERROR_MAX } from '../delivery/send-through-channel.js';
import { subscriberMail, type NoticeContent } from './subscriber-mail.js';

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
            i.title AS "incidentTitle", u.state::text AS state, u.message, u.created_at AS "postedAt"
       FROM status_page_notices n
       JOIN status_pages p ON p.id = n.status_page_id
       JOIN status_page_incident_updates u ON u.id = n.update_id
       JOIN status_page_incidents i ON i.id = u.incident_id
      WHERE n.id = $1`,
    [noticeId],
  );
  return rows[0] ?? null;
}

interface PendingDelivery {
  id: string;
  subscriberId: string;
  email: string;
  unsubscribeToken: string;
}

/**
 * `subscriber-mails` worker (docs/status-pages.md, "Delivery"): the batch's deliveries still
 * pending, each mailed over one SMTP connection and marked sent in PostgreSQL before the server
 * can accept it (packages/mailer's committed send), so a job run twice, or taken over from a killed
 * notifier, sends nothing twice. A permanent refusal (5xx) or the last attempt marks a delivery
 * failed; other failures leave it pending and the job is retried with the deliveries' backoff.
 */
export function createSubscriberMailProcessor(deps: { pool: PgPool; mailer: MailerSettings; appBaseUrl: string; logger: Logger }) {
  const { pool } = deps;
  const markSent = async (id: string) =>
    (
      await pool.query(
        `UPDATE status_page_subscriber_deliveries SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`,
        [id],
      )
    ).rowCount === 1;
  const markFailed = (id: string, status: 'pending' | 'failed', error: string, committed: boolean) =>
    pool.query(
      `UPDATE status_page_subscriber_deliveries SET status = $2, last_error = $3, sent_at = NULL, attempts = attempts + CASE WHEN $4 THEN 0 ELSE 1 END
        WHERE id = $1 AND (status = 'pending' OR $4)`,
      [id, status, error.slice(0, DELIVERY_ERROR_MAX), committed],
    );

  return async function sendBatch(job: SubscriberMailJob, info: AttemptInfo): Promise<{ sent: number; failed: number }> {
    const notice = await loadNotice(pool, job.noticeId);
    if (!notice) return { sent: 0, failed: 0 }; // the page or the update was deleted: nothing to tell
    if (!notice.fannedOut) throw new NoticeNotFannedOut();
    const { rows } = await pool.query<PendingDelivery>(
      `SELECT d.id::text, s.id AS "subscriberId", s.email, s.unsubscribe_token AS "unsubscribeToken"
         FROM status_page_subscriber_deliveries d JOIN status_page_subscribers s ON s.id = d.subscriber_id
        WHERE d.notice_id = $1 AND d.batch = $2 AND d.status = 'pending'
        ORDER BY d.id`,
      [job.noticeId, job.batch],
    );
    const lastAttempt = info.attemptsMade + 1 >= info.maxAttempts;
    const session = openSmtpSession(deps.mailer);
    let retry: Error | null = null;
    let sent = 0;
    let failed = 0;
    try {
      for (const row of rows) {
        const message = subscriberMail(deps.appBaseUrl, notice, row);
        try {
          if ((await session.send(message, () => markSent(row.id))) === 'sent') sent++;
        } catch (err) {
          const e = err as CommittedSendError;
          const final = e.permanent || lastAttempt;
          await markFailed(row.id, final ? 'failed' : 'pending', e.message, e.committed);
          if (final) failed++;
          else retry ??= e;
        }
      }
    } finally {
      session.close();
    }
    if (failed > 0) deps.logger.warn({ noticeId: job.noticeId, batch: job.batch, failed }, 'subscriber mails failed for good');
    if (retry) throw retry;
    return { sent, failed };
  };
}
