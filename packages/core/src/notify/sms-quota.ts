import { planLimits, type PlanName } from '../plans.js';

/** An account's monthly SMS quota: its own setting when an operator set one, else its plan's. */
export function smsQuotaOf(plan: PlanName, accountQuota: number | null): number {
  return accountQuota ?? planLimits(plan).smsPerMonth;
}

export interface SmsMonth {
  /** The first instant of the calendar month (UTC) that `now` falls in. */
  start: Date;
  /** The first instant of the next month: when the quota starts afresh. */
  next: Date;
  /** `YYYY-MM-01`, the month's key in `sms_usage.month`. */
  key: string;
}

/**
 * The quota month of `now`. Months are UTC calendar months for every account (accounts have no
 * time zone), so the quota renews at 00:00 UTC on the 1st.
 */
export function smsMonthOf(now: Date): SmsMonth {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const start = new Date(Date.UTC(y, m, 1));
  return { start, next: new Date(Date.UTC(y, m + 1, 1)), key: start.toISOString().slice(0, 10) };
}
