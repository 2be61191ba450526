/**
 * Per-check limit on the pings that reach the state machine (docs/pings.md, "Ping budget"): at
 * most PING_BUDGET_PER_WINDOW state-changing pings (every kind but `log`) are applied in a window
 * of PING_BUDGET_WINDOW_MS that opens with the first ping applied after the previous window
 * ended. Later pings in the same window are still stored, but change nothing; the first ping after
 * the window applies as usual. A client looping `/fail`, `/` against one check thus makes at most
 * 60 flips a minute instead of thousands.
 */
export const PING_BUDGET_PER_WINDOW = 60;
export const PING_BUDGET_WINDOW_MS = 60_000;

export interface PingBudget {
  /** Start of the current window; null before the first ping. */
  windowStart: Date | null;
  /** Pings applied in the current window. */
  count: number;
}

export interface PingBudgetDecision {
  /** Whether this ping is applied (runs the state machine). */
  applied: boolean;
  /** The budget after this ping (unchanged when it is not applied). */
  budget: PingBudget;
}

/**
 * Spends one ping of the budget at `now`. A window whose start lies in the future (another
 * replica's clock ahead of ours) counts as the current one. The ping receiver's one-statement
 * path (services/api/src/ping/up-stays-up.ts) restates this rule in SQL; a test compares them.
 */
export function takePingBudget(budget: PingBudget, now: Date): PingBudgetDecision {
  const start = budget.windowStart;
  if (start === null || now.getTime() - start.getTime() >= PING_BUDGET_WINDOW_MS) {
    return { applied: true, budget: { windowStart: now, count: 1 } };
  }
  if (budget.count < PING_BUDGET_PER_WINDOW) {
    return { applied: true, budget: { windowStart: start, count: budget.count + 1 } };
  }
  return { applied: false, budget };
}
