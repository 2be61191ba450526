import { smsMonthOf, smsQuotaOf, type PlanName } from '@upmon/core';
import type { PrismaClient } from '@upmon/db';
import { CliError, iso, requireUuid } from './commands.js';
import { auditOperatorChange } from './operator-audit.js';

/** Options of the `sms` command group (merged into the CLI's parseArgs options). */
export const SMS_OPTIONS = {
  month: { type: 'string' },
  quota: { type: 'string' },
} as const;

export const SMS_USAGE = `  sms usage [--account ACCOUNT_ID] [--month YYYY-MM]
  sms set-quota --account ACCOUNT_ID --quota N|default`;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `--month YYYY-MM`, or the month of `now` (UTC, as the notifier counts). */
function monthKey(value: string | undefined, now: Date): string {
  if (value === undefined) return smsMonthOf(now).key;
  const m = MONTH.exec(value);
  if (!m) throw new CliError('--month must be YYYY-MM', 2);
  return `${m[1]}-${m[2]}-01`;
}

/**
 * SMS sent per account in a month against its quota (the plan's default or the account's own).
 * Every account is listed (or the one given), also those that sent nothing.
 */
export async function smsUsage(prisma: PrismaClient, opts: { account?: string; month?: string }, now: Date) {
  const key = monthKey(opts.month, now);
  const where = opts.account ? { id: requireUuid(opts.account, 'account') } : {};
  const accounts = await prisma.account.findMany({
    where,
    orderBy: { createdAt: 'asc' },
    include: { smsUsage: { where: { month: new Date(`${key}T00:00:00Z`) } } },
  });
  if (opts.account && accounts.length === 0) throw new CliError(`account ${opts.account} not found`);
  return accounts.map((a) => ({
    account_id: a.id,
    name: a.name,
    plan: a.plan,
    month: key.slice(0, 7),
    sent: a.smsUsage[0]?.sent ?? 0,
    quota: smsQuotaOf(a.plan as PlanName, a.smsMonthlyQuota),
    quota_is_plan_default: a.smsMonthlyQuota === null,
    quota_notice_at: iso(a.smsUsage[0]?.quotaNoticeAt ?? null),
  }));
}

/** Sets an account's own monthly SMS quota, or `default` to follow its plan again. */
export async function setSmsQuota(prisma: PrismaClient, opts: { account?: string; quota?: string }) {
  const id = requireUuid(opts.account, 'account');
  const raw = opts.quota;
  if (raw === undefined) throw new CliError('--quota is required (a number, or default)', 2);
  if (raw !== 'default' && !/^\d{1,7}$/.test(raw)) throw new CliError('--quota must be a whole number up to 9999999, or default', 2);
  const found = await prisma.account.findUnique({ where: { id } });
  if (!found) throw new CliError(`account ${id} not found`);
  const smsMonthlyQuota = raw === 'default' ? null : Number(raw);
  const a = await prisma.$transaction(async (tx) => {
    const row = await tx.account.update({ where: { id }, data: { smsMonthlyQuota } });
    const quotaText = (q: number | null) => (q === null ? 'the plan default' : String(q));
    await auditOperatorChange(
      tx,
      { accountId: id },
      'account.sms_quota_change',
      `SMS quota ${quotaText(found.smsMonthlyQuota)} → ${quotaText(smsMonthlyQuota)} a month`,
    );
    return row;
  });
  return { account_id: a.id, plan: a.plan, sms_monthly_quota: a.smsMonthlyQuota, quota: smsQuotaOf(a.plan as PlanName, a.smsMonthlyQuota) };
}

/** The group's commands, keyed as the CLI dispatches them. */
export function smsCommands(
  prisma: PrismaClient,
  values: { account?: string; month?: string; quota?: string },
  now: Date,
): Record<string, () => Promise<unknown>> {
  return {
    'sms usage': () => smsUsage(prisma, values, now),
    'sms set-quota': () => setSmsQuota(prisma, values),
  };
}
