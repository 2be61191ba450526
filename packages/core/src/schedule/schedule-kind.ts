/**
 * Which parser a schedule written as one string is for: one line of five fields is cron,
 * anything else a systemd OnCalendar expression (Healthchecks' rule, hc/api/views.py
 * `guess_kind`; maintenance windows use it too).
 */
export function scheduleKindOf(schedule: string): 'cron' | 'oncalendar' {
  const s = schedule.trim();
  return !s.includes('\n') && s.split(/\s+/).length === 5 ? 'cron' : 'oncalendar';
}
