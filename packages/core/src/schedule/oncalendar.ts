import { ScheduleError } from './types.js';

// systemd.time(7) calendar events. Implemented in the pings/schedules work (issue 4).

/** An error message when `expr` is not a valid OnCalendar expression, else null. */
export function validateOnCalendar(expr: string): string | null {
  return expr.trim() === '' ? 'must not be empty' : 'OnCalendar schedules are not supported yet';
}

/** First elapse of `expr` strictly after `after`, evaluated in `tz` unless the expression names a zone. */
export function nextOnCalendarAfter(expr: string, _tz: string, _after: Date): Date {
  throw new ScheduleError(`OnCalendar schedules are not supported yet: ${expr}`);
}
