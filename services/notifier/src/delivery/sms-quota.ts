import { smsMonthOf, smsQuotaNotice, smsQuotaOf, type PlanName, type SmsMonth } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import type { Mailer } from '@upmon/mailer';
import type { PgPool } from '@upmon/db';

export type SmsSpend = { ok: true; giveBack(): Promise<void> } | { ok: false; reason: string };

export interface SmsQuotaDeps {
  pool: PgPool;
  mailer: Mailer;
  cipher: Cipher;
  logger: Logger;
  appBaseUrl: string;
}

interface AccountRow {
  id: string;
  name: string;
  plan: PlanName;
  quota: number | null;
}

/** Distinct addresses told about a used-up quota at most (one mail each). */
const NOTICE_MAX_ADDRESSES = 20;

/**
 * The monthly SMS quota of each account (docs/notifications.md, "SMS quota"). `spend` counts one
 * message in `sms_usage` with one atomic upsert that only increments below the quota, so any
 * number of notifier processes never send more than the quota; a send that fails gives its count
 * back (a retry spends again). Over the quota, the account's e-mail integrations (enabled,
 * verified) are told once per month: the first refusal claims `quota_notice_at` in the same kind
 * of conditional statement, and gives the claim back if no mail could be sent.
 */
export function createSmsQuota(deps: SmsQuotaDeps) {
  const { pool } = deps;

  async function accountOf(integrationId: number): Promise<AccountRow | null> {
    const { rows } = await pool.query<AccountRow>(
      `SELECT a.id, a.name, a.plan::text AS plan, a.sms_monthly_quota AS quota
         FROM integrations i JOIN projects p ON p.id = i.project_id JOIN accounts a ON a.id = p.account_id
        WHERE i.id = $1`,
      [integrationId],
    );
    return rows[0] ?? null;
  }

  /** Sends the notice if this call is the first refusal of the month for the account. */
  async function noticeOnce(account: AccountRow, quota: number, month: SmsMonth, now: Date): Promise<void> {
    const claimed = await pool.query(
      `INSERT INTO sms_usage (account_id, month, sent, quota_notice_at) VALUES ($1, $2::date, 0, $3)
       ON CONFLICT (account_id, month) DO UPDATE SET quota_notice_at = EXCLUDED.quota_notice_at
        WHERE sms_usage.quota_notice_at IS NULL
       RETURNING 1`,
      [account.id, month.key, now],
    );
    if (claimed.rowCount !== 1) return;
    const { rows } = await pool.query<{ id: number; config: Uint8Array }>(
      `SELECT i.id, i.config FROM integrations i JOIN projects p ON p.id = i.project_id
        WHERE p.account_id = $1 AND i.kind = 'email' AND i.enabled AND i.email_verified_at IS NOT NULL
        ORDER BY i.id`,
      [account.id],
    );
    const addresses = new Map<string, string>();
    for (const r of rows) {
      try {
        const email = deps.cipher.decryptJson<{ email?: unknown }>(r.config, AAD.integrationConfig(r.id))?.email;
        if (typeof email === 'string' && !addresses.has(email.toLowerCase())) addresses.set(email.toLowerCase(), email);
      } catch {
        // An undecryptable config is reported by its own deliveries.
      }
    }
    const to = [...addresses.values()].slice(0, NOTICE_MAX_ADDRESSES);
    const notice = smsQuotaNotice({ accountName: account.name, plan: account.plan, quota, month, appBaseUrl: deps.appBaseUrl });
    let sent = 0;
    for (const address of to) {
      try {
        await deps.mailer.send({ to: address, subject: notice.subject, text: notice.text });
        sent++;
      } catch (err) {
        deps.logger.warn({ accountId: account.id, err: (err as Error).message }, 'SMS quota notice not sent to one address');
      }
    }
    deps.logger.info({ accountId: account.id, month: month.key, addresses: to.length, sent }, 'SMS quota used up; account notified');
    if (to.length > 0 && sent === 0) {
      // Nobody was told: let the next refused SMS try again.
      await pool.query(`UPDATE sms_usage SET quota_notice_at = NULL WHERE account_id = $1 AND month = $2::date AND quota_notice_at = $3`, [
        account.id,
        month.key,
        now,
      ]);
    }
  }

  return {
    /** Counts one SMS of the integration's account for the month of `now`, if the quota allows. */
    async spend(integrationId: number, now: Date): Promise<SmsSpend> {
      const account = await accountOf(integrationId);
      if (!account) return { ok: false, reason: 'integration or account gone' };
      const quota = smsQuotaOf(account.plan, account.quota);
      const month = smsMonthOf(now);
      const spent = await pool.query(
        `INSERT INTO sms_usage (account_id, month, sent) SELECT $1, $2::date, 1 WHERE $3::int > 0
         ON CONFLICT (account_id, month) DO UPDATE SET sent = sms_usage.sent + 1 WHERE sms_usage.sent < $3::int
         RETURNING sent`,
        [account.id, month.key, quota],
      );
      if (spent.rowCount === 1) {
        return {
          ok: true,
          giveBack: async () => {
            await pool.query(`UPDATE sms_usage SET sent = sent - 1 WHERE account_id = $1 AND month = $2::date AND sent > 0`, [account.id, month.key]);
          },
        };
      }
      await noticeOnce(account, quota, month, now);
      return {
        ok: false,
        reason: `monthly SMS quota used up (${quota} a month on the ${account.plan} plan, renews ${month.next.toISOString().slice(0, 10)}): not sent`,
      };
    },
  };
}

export type SmsQuota = ReturnType<typeof createSmsQuota>;
