/** When a check expects its next ping (heartbeat) or probe (http). `tz` is an IANA zone name. */
export type Schedule =
  { kind: 'period'; periodSec: number; tz: string } | { kind: 'cron'; cron: string; tz: string } | { kind: 'oncalendar'; oncalendar: string; tz: string };

export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleError';
  }
}

/**
 * Longest cron or OnCalendar expression accepted, checked before any parsing (the API's limit
 * too): parsers and their caches only ever see bounded input.
 */
export const MAX_EXPRESSION_LENGTH = 255;

/** Longest time zone name accepted (the longest IANA name is 32 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;
