import { CronExpressionParser } from 'cron-parser';
import { ScheduleError } from './types.js';

/** A 5-field cron expression that cron-parser accepts; returns an error message or null. */
export function validateCron(expr: string): string | null {
  const fields = expr.trim().split(/\s+/);
  if (fields.length !== 5) return 'must have exactly 5 fields (minute hour day-of-month month day-of-week)';
  try {
    CronExpressionParser.parse(expr, { tz: 'UTC', strict: false });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** First occurrence of `expr` in `tz` strictly after `after`. */
export function nextCronAfter(expr: string, tz: string, after: Date): Date {
  try {
    const it = CronExpressionParser.parse(expr, { currentDate: after, tz });
    const next = it.next().toDate();
    // cron-parser works in whole seconds; guarantee "strictly after".
    return next.getTime() > after.getTime() ? next : it.next().toDate();
  } catch (err) {
    throw new ScheduleError(`invalid cron expression: ${(err as Error).message}`);
  }
}
