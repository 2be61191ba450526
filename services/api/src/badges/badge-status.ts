/** What a badge shows: the worst state among the checks it covers. */
export type BadgeStatus = 'up' | 'late' | 'down';

/** Checks a badge covers, by state (from one SQL count). */
export interface BadgeCounts {
  total: number;
  /** Checks that are late (in their grace period; Healthchecks calls them "grace"). */
  late: number;
  down: number;
}

/**
 * down if any check is down; else late if any is late (only with `withLate`: two-state badges
 * show late checks as up, like Healthchecks' "-2" badges); else up. New and paused checks, and a
 * badge with no checks at all, are up: nothing is known to be wrong.
 */
export function badgeStatus(counts: BadgeCounts, withLate: boolean): BadgeStatus {
  if (counts.down > 0) return 'down';
  if (withLate && counts.late > 0) return 'late';
  return 'up';
}
