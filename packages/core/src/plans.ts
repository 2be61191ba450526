/** What each plan allows. The REST API is for paid plans only. */
export type PlanName = 'free' | 'pro' | 'business';

export interface PlanLimits {
  apiAccess: boolean;
  /** Most checks an account may have before new ones are refused / extra ones paused (reason quota). */
  checkQuota: number;
  /**
   * Text messages (SMS alerts) per calendar month (UTC), all the account's projects together;
   * the default of `accounts.sms_monthly_quota`, which an operator may set per account.
   */
  smsPerMonth: number;
  /** Subscribers of one status page (confirmed or waiting for confirmation). */
  statusPageSubscribers: number;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  free: { apiAccess: false, checkQuota: 20, smsPerMonth: 5, statusPageSubscribers: 500 },
  pro: { apiAccess: true, checkQuota: 1_000, smsPerMonth: 100, statusPageSubscribers: 10_000 },
  business: { apiAccess: true, checkQuota: 100_000, smsPerMonth: 1_000, statusPageSubscribers: 100_000 },
};

export function planLimits(plan: PlanName): PlanLimits {
  return PLANS[plan];
}
