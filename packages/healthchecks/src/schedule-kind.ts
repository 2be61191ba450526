/**
 * Healthchecks' rule for a `schedule` string: one line of five fields is cron, anything else is
 * a systemd OnCalendar expression (hc/api/views.py `guess_kind`).
 */
export function guessScheduleKind(schedule: string): 'cron' | 'oncalendar' {
  const s = schedule.trim();
  return !s.includes('\n') && s.split(/\s+/).length === 5 ? 'cron' : 'oncalendar';
}
