import { withPgTransaction, type PgPool } from '@upmon/db';
import { STATUS_PAGE_NOTICES_CHANNEL } from '@upmon/core';
import type { Logger } from '@upmon/logger';
import { SUBSCRIBER_MAILS_PER_JOB, type Queues, type SubscriberMailJob } from '@upmon/queue';
import { startClaimLoops, type ClaimLoops } from '../claim-loop.js';

/** Notices fanned out per transaction (each may have up to a plan's number of subscribers). */
const NOTICES_PER_CLAIM = 5;

/**
 * Fans out status page notices (docs/status-pages.md, "Delivery"): in one transaction, claim
 * notices not yet fanned out (FOR UPDATE SKIP LOCKED), insert one delivery row per confirmed
 * subscriber, numbered in batches of SUBSCRIBER_MAILS_PER_JOB, add one `subscriber-mails` job per
 * batch, mark the notices fanned out, commit. A crash before the commit rolls the rows back; the
 * jobs already added find their notice not fanned out and are retried until the next claim has
 * committed it (their ids are the same, so they are not added twice).
 */
export function startNoticeIntake(opts: { pool: PgPool; databaseUrl: string; queues: Queues; logger: Logger; pollIntervalMs: number }): ClaimLoops {
  const { pool, queues, logger } = opts;
  const claimOnce = () =>
    withPgTransaction(pool, async (client) => {
      const { rows: notices } = await client.query<{ id: string }>(
        `SELECT id::text FROM status_page_notices WHERE fanned_out_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [NOTICES_PER_CLAIM],
      );
      if (notices.length === 0) return 0;
      const jobs: SubscriberMailJob[] = [];
      for (const n of notices) {
        const { rows } = await client.query<{ batches: number }>(
          `WITH added AS (
             INSERT INTO status_page_subscriber_deliveries (notice_id, subscriber_id, batch)
             SELECT n.id, s.id, ((row_number() OVER (ORDER BY s.kind, s.id)) - 1) / $2 + 1
               FROM status_page_notices n JOIN status_page_subscribers s ON s.status_page_id = n.status_page_id
              WHERE n.id = $1 AND s.confirmed_at IS NOT NULL
             ON CONFLICT (notice_id, subscriber_id) DO NOTHING
             RETURNING batch)
           SELECT coalesce(max(batch), 0)::int AS batches FROM added`,
          [n.id, SUBSCRIBER_MAILS_PER_JOB],
        );
        for (let batch = 1; batch <= (rows[0]?.batches ?? 0); batch++) jobs.push({ noticeId: n.id, batch });
      }
      if (jobs.length > 0) await queues.enqueueMany('subscriber-mails', jobs);
      await client.query(`UPDATE status_page_notices SET fanned_out_at = now() WHERE id = ANY($1::bigint[])`, [notices.map((n) => n.id)]);
      logger.debug({ notices: notices.length, jobs: jobs.length }, 'status page notices fanned out');
      return notices.length;
    });
  return startClaimLoops({
    databaseUrl: opts.databaseUrl,
    channel: STATUS_PAGE_NOTICES_CHANNEL,
    logger,
    claimOnce,
    batchSize: NOTICES_PER_CLAIM,
    parallel: 1,
    pollIntervalMs: opts.pollIntervalMs,
    onFailure(err, retryInMs) {
      logger.warn({ err: err.message, retryInMs }, 'status page notice fan-out failed; the notices wait for the next claim');
    },
  });
}
