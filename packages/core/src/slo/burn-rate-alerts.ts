import { burnRate, type CheckTimeline } from './slo-budget.js';

const MIN_MS = 60_000;
const HOUR_MS = 60 * MIN_MS;

/**
 * The multi-window, multi-burn-rate alerts of the Google SRE workbook ("Alerting on SLOs", its
 * recommended table): each fires when the budget burns at least `budgetShare` of the SLO's window
 * budget within `longMs`, confirmed by the same rate over `shortMs` (so it stops soon after the
 * burning stops). Fast pages on a sharp outage, slow on a bleed that never looks like one.
 */
export const BURN_ALERTS = [
  { kind: 'fast', budgetShare: 0.02, longMs: HOUR_MS, shortMs: 5 * MIN_MS },
  { kind: 'slow', budgetShare: 0.05, longMs: 6 * HOUR_MS, shortMs: 30 * MIN_MS },
] as const;

export type BurnAlertKind = (typeof BURN_ALERTS)[number]['kind'];

export interface BurnAlertState {
  kind: BurnAlertKind;
  /** The burn rate at which `budgetShare` of the budget goes in `longMs` (14.4 and 6 for a 30-day window). */
  threshold: number;
  longBurn: number | null;
  shortBurn: number | null;
  firing: boolean;
}

/**
 * Each burn alert's state at `now`. `budgetWindowMs` is the SLO's window (30 days for a calendar
 * month): the threshold is budgetShare × budgetWindow ÷ longWindow. Pure.
 */
export function burnAlertStates(input: { timelines: readonly CheckTimeline[]; target: number; budgetWindowMs: number; now: number }): BurnAlertState[] {
  const { timelines, target, budgetWindowMs, now } = input;
  return BURN_ALERTS.map((a) => {
    const threshold = (a.budgetShare * budgetWindowMs) / a.longMs;
    const longBurn = burnRate({ timelines, target, windowMs: a.longMs, now });
    const shortBurn = burnRate({ timelines, target, windowMs: a.shortMs, now });
    const firing = longBurn !== null && shortBurn !== null && longBurn >= threshold && shortBurn >= threshold;
    return { kind: a.kind, threshold, longBurn, shortBurn, firing };
  });
}
