export { notificationEventFor, NOTIFY_EVENTS, type NotifyEvent, type MessageEvent } from './events.js';
export { integrationMatches, type IntegrationFilter } from './matching.js';
export { parseReminderHours, reminderDueTimes, REMINDER_MIN_HOURS, REMINDER_MAX_HOURS, type ReminderDue } from './reminders.js';
export { parseQuietHours, isInQuietHours, quietHoursEnd, type QuietHours } from './quiet-hours.js';
export { formatDuration, formatUtc, isoWithOffset } from './durations.js';
export {
  renderTemplate,
  escapingForContentType,
  jsonEscape,
  TEMPLATE_PLACEHOLDERS,
  type TemplateEscaping,
  type TemplatePlaceholder,
  type TemplateValues,
} from './template.js';
export { reasonInWords } from './reasons.js';
export {
  buildNotification,
  checkLink,
  type MessageInput,
  type MessageCheck,
  type MessageFlip,
  type HeldEvent,
  type Notification,
  type Field,
  type Severity,
} from './message.js';
export { telegramSendMessage, parseStartCommand, TELEGRAM_MAX_TEXT, type TelegramRequest } from './telegram.js';
