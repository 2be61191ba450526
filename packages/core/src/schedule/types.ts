/** When a check expects its next ping (heartbeat) or probe (http). `tz` is an IANA zone name. */
export type Schedule =
  | { kind: 'period'; periodSec: number; tz: string }
  | { kind: 'cron'; cron: string; tz: string }
  | { kind: 'oncalendar'; oncalendar: string; tz: string };

export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleError';
  }
}
