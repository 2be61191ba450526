import { DateTime } from 'luxon';
import { isValidTimeZone } from '../schedule/timezone.js';

/** The lengths of snooze offered (web app and REST API; docs/notifications.md, "Snooze"). Stored nowhere: never a column. */
export const SNOOZE_CHOICES = ['1h', '4h', 'tomorrow_0900', 'until_recovery'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

/** A check's snooze as stored (checks.snoozed_at, snoozed_until) with the first recovery after it. */
export interface Snooze {
  at: Date;
  /** When it ends; null = until the check recovers. */
  until: Date | null;
  /** An until-recovery snooze: the first up flip after `at`, if any (it ends the snooze). */
  recoveredAt: Date | null;
}

const HOUR_MS = 3_600_000;

/**
 * The first 09:00 of the local calendar day after `now`'s in `tz` (an unknown zone reads as UTC).
 * A day whose 09:00 does not exist (a zone that jumps over it) gives the first instant after the
 * jump; a 09:00 that occurs twice gives the earlier.
 */
export function tomorrowAtNine(now: Date, tz: string): Date {
  const zone = isValidTimeZone(tz) ? tz : 'UTC';
  const local = DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: 1 }).set({ hour: 9 });
  return local.toJSDate();
}

/** When a snooze chosen at `now` ends; null = until the check recovers. `tz`: the zone "tomorrow" is read in. */
export function snoozeEnd(choice: SnoozeChoice, now: Date, tz: string): Date | null {
  switch (choice) {
    case '1h':
      return new Date(now.getTime() + HOUR_MS);
    case '4h':
      return new Date(now.getTime() + 4 * HOUR_MS);
    case 'tomorrow_0900':
      return tomorrowAtNine(now, tz);
    case 'until_recovery':
      return null;
  }
}

/**
 * Whether a notification decided at `now` is muted by the snooze. A timed snooze mutes what is
 * decided in [at, until). An until-recovery one mutes everything until the check's first recovery
 * after `at`, that recovery's own `up` included (`flipTs`: the delivery's flip time): nobody
 * is told the outage they silenced is over, and the next outage is heard.
 */
export function isSnoozed(snooze: Snooze | null, now: Date, flipTs: Date | null = null): boolean {
  if (!snooze || now.getTime() < snooze.at.getTime()) return false;
  if (snooze.until !== null) return now.getTime() < snooze.until.getTime();
  if (snooze.recoveredAt === null) return true;
  return flipTs !== null && flipTs.getTime() === snooze.recoveredAt.getTime();
}
