/** What each plan allows. The REST API is for paid plans only. */
export type PlanName = 'free' | 'pro' | 'business';

export interface PlanLimits {
  apiAccess: boolean;
  /** Most checks an account may have before new ones are refused / extra ones paused (reason quota). */
  checkQuota: number;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  free: { apiAccess: false, checkQuota: 20 },
  pro: { apiAccess: true, checkQuota: 1_000 },
  business: { apiAccess: true, checkQuota: 100_000 },
};

export function planLimits(plan: PlanName): PlanLimits {
  return PLANS[plan];
}
