import { formatDuration, type ErrorBudget } from '@upmon/core';

/** An error budget's remaining share as a meter (no inline style: the CSP forbids it) with the minutes in words beside it. */
export function BudgetMeter({ budget }: { budget: ErrorBudget }) {
  if (budget.remainingRatio === null) return <span class="muted">no budget yet</span>;
  const pct = Math.round(budget.remainingRatio * 1000) / 10;
  const words =
    budget.remainingMs >= 0
      ? `${pct} % left: ${formatDuration(budget.remainingMs)} of ${formatDuration(budget.allowedMs)}`
      : `overspent by ${formatDuration(-budget.remainingMs)} (${formatDuration(budget.allowedMs)} allowed)`;
  return (
    <span class="budget">
      <meter min={0} max={100} low={25} high={50} optimum={100} value={Math.max(0, pct)} aria-label="Error budget left">
        {pct} %
      </meter>{' '}
      {words}
    </span>
  );
}
