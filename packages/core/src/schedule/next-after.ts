import { nextCronAfter } from './cron.js';
import { nextOnCalendarAfter } from './oncalendar.js';
import type { Schedule } from './types.js';

/** The first time the schedule fires strictly after `after` (UTC instant). */
export function nextAfter(schedule: Schedule, after: Date): Date {
  switch (schedule.kind) {
    case 'period':
      return new Date(after.getTime() + schedule.periodSec * 1000);
    case 'cron':
      return nextCronAfter(schedule.cron, schedule.tz, after);
    case 'oncalendar':
      return nextOnCalendarAfter(schedule.oncalendar, schedule.tz, after);
  }
}
