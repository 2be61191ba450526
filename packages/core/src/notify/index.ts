export { notificationEventFor, NOTIFY_EVENTS, type NotifyEvent, type MessageEvent } from './events.js';
export { integrationMatches, type IntegrationFilter, type CheckAudience } from './matching.js';
export { parseReminderHours, reminderDueTimes, REMINDER_MIN_HOURS, REMINDER_MAX_HOURS, type ReminderDue } from './reminders.js';
export {
  FLAP_DEFAULTS,
  FLAP_MAX_CHANGES_LIMIT,
  FLAP_WINDOW_MIN_LIMIT,
  FLAP_COUNTED_REASONS,
  flapSettingsOf,
  isCollapsedForFlapping,
  flapSettleMs,
  flapDigestReleaseAt,
  type FlapSettings,
} from './flapping.js';
export { smsQuotaOf, smsMonthOf, type SmsMonth } from './sms-quota.js';
export { smsQuotaNotice, type SmsQuotaNoticeInput } from './sms-quota-notice.js';
export { parseQuietHours, isInQuietHours, quietHoursEnd, type QuietHours } from './quiet-hours.js';
export { formatDuration, formatUtc, isoWithOffset } from './durations.js';
export {
  renderTemplate,
  findPlaceholders,
  escapingForContentType,
  jsonEscape,
  TEMPLATE_PLACEHOLDERS,
  type TemplateEscaping,
  type TemplatePlaceholder,
  type TemplateValues,
} from './template.js';
export { reasonInWords } from './reasons.js';
export { isMediaType } from './media-type.js';
export {
  buildNotification,
  checkLink,
  ackLinkUrl,
  ACK_LINK_SEGMENT,
  type MessageInput,
  type MessageCheck,
  type MessageFlip,
  type HeldEvent,
  type HoldCause,
  DIGEST_LISTED_MAX,
  type Notification,
  type Field,
  type Severity,
} from './message.js';
export { telegramSendMessage, parseStartCommand, TELEGRAM_MAX_TEXT, type TelegramRequest } from './telegram.js';
export { buildTestNotification, TEST_CHECK_ID } from './test-notification.js';
export { SNOOZE_CHOICES, snoozeEnd, isSnoozed, tomorrowAtNine, type SnoozeChoice, type Snooze } from './snooze.js';
