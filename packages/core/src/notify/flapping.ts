import type { FlipReason } from '../state/types.js';

/**
 * Flapping (docs/notifications.md, "Flapping"): an integration stops getting one message per
 * status change of a check that changes more than `maxChanges` times within `windowMin` minutes;
 * those changes are held and sent together as one digest.
 */
export interface FlapSettings {
  maxChanges: number;
  windowMin: number;
}

/** The API's default for new integrations (and the migration's for existing ones). */
export const FLAP_DEFAULTS: FlapSettings = { maxChanges: 6, windowMin: 60 };
export const FLAP_MAX_CHANGES_LIMIT = 100;
export const FLAP_WINDOW_MIN_LIMIT = 1440;

/**
 * Status changes that count: those the monitored job or endpoint caused (pings, probes,
 * timeouts). Pauses, resumes and quota pauses are someone's decision, not instability.
 */
export const FLAP_COUNTED_REASONS: readonly FlipReason[] = ['timeout', 'fail', 'exit', 'ping'];

/** The integration's columns as settings; null (collapse off) for null or out-of-range values. */
export function flapSettingsOf(maxChanges: number | null, windowMin: number | null): FlapSettings | null {
  if (maxChanges === null || windowMin === null) return null;
  if (!Number.isInteger(maxChanges) || maxChanges < 1 || maxChanges > FLAP_MAX_CHANGES_LIMIT) return null;
  if (!Number.isInteger(windowMin) || windowMin < 1 || windowMin > FLAP_WINDOW_MIN_LIMIT) return null;
  return { maxChanges, windowMin };
}

/**
 * Whether a status change is collapsed into a flapping digest instead of being sent: when the
 * check changed more than `maxChanges` times in the window ending at this change (this one
 * included), or while a flapping digest of this (integration, check) is still pending, so one
 * episode is one digest and no single message overtakes it.
 */
export function isCollapsedForFlapping(settings: FlapSettings | null, changesInWindow: number, digestPending: boolean): boolean {
  if (!settings) return false;
  return digestPending || changesInWindow > settings.maxChanges;
}

/**
 * How long a check must keep one status to count as settled: the mean spacing of changes at the
 * threshold rate (60 min / 6 = 10 min by default). A check changing less often than that is not
 * flapping.
 */
export function flapSettleMs(settings: FlapSettings): number {
  return Math.round((settings.windowMin * 60_000) / settings.maxChanges);
}

/**
 * When the pending flapping digest goes out: once the check has kept its status for the settle
 * time after the latest collapsed change, but no later than one window after the first collapsed
 * change (a check that never settles still produces one digest per window). A real outage after
 * flapping is therefore reported at most the settle time after it began.
 */
export function flapDigestReleaseAt(settings: FlapSettings, firstCollapsedAt: Date, latestCollapsedAt: Date): Date {
  const settled = latestCollapsedAt.getTime() + flapSettleMs(settings);
  const cap = firstCollapsedAt.getTime() + settings.windowMin * 60_000;
  return new Date(Math.min(settled, cap));
}
