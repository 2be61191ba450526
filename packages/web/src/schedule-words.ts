import cronstrue from 'cronstrue';
import { formatDuration, nextAfter, type Schedule } from '@upmon/core';
import { inZone } from './views/time.js';

/** "every 1 h", "At 03:00 (cron 0 3 * * *, Europe/Riga)", "OnCalendar Mon *-*-* 02:00 (UTC)". */
export function scheduleInWords(s: Schedule): string {
  switch (s.kind) {
    case 'period':
      return `Every ${formatDuration(s.periodSec * 1000)}`;
    case 'cron': {
      let words: string;
      try {
        words = cronstrue.toString(s.cron, { use24HourTimeFormat: true, verbose: false });
      } catch {
        words = 'Cron';
      }
      return `${words} (cron ${s.cron}, ${s.tz})`;
    }
    case 'oncalendar':
      return `OnCalendar ${s.oncalendar} (${s.tz})`;
  }
}

/**
 * The next `n` expected times after `from`, in the schedule's zone. Bounded: schedule math runs
 * only on validated expressions (the callers validate first).
 */
export function nextTimes(s: Schedule, from: Date, n = 5): Date[] {
  const out: Date[] = [];
  let t = from;
  for (let i = 0; i < n; i++) {
    t = nextAfter(s, t);
    out.push(t);
  }
  return out;
}

export function nextTimesInZone(s: Schedule, from: Date, n = 5): string[] {
  return nextTimes(s, from, n).map((d) => inZone(d, s.tz));
}
