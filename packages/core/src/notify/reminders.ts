/** Reminder offsets allowed by the API: whole hours, 1 to 168. */
export const REMINDER_MIN_HOURS = 1;
export const REMINDER_MAX_HOURS = 168;

/**
 * `integrations.reminders` (JSON) as a sorted list of distinct valid hours; anything else is
 * ignored (the API validates, this only protects the worker from a hand-edited row).
 */
export function parseReminderHours(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const hours = value.filter((h): h is number => Number.isInteger(h) && (h as number) >= REMINDER_MIN_HOURS && (h as number) <= REMINDER_MAX_HOURS);
  return [...new Set(hours)].sort((a, b) => a - b);
}

export interface ReminderDue {
  hours: number;
  dueAt: Date;
}

/**
 * When each reminder of a down episode is due: `h` elapsed hours after the down flip. Elapsed
 * time, not wall-clock time, so a daylight-saving change does not move a reminder by an hour.
 */
export function reminderDueTimes(downAt: Date, hours: readonly number[]): ReminderDue[] {
  return parseReminderHours(hours).map((h) => ({ hours: h, dueAt: new Date(downAt.getTime() + h * 3_600_000) }));
}
