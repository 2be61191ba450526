export { PLANS, planLimits, type PlanName, type PlanLimits } from './plans.js';
export { type Schedule, ScheduleError } from './schedule/types.js';
export { nextAfter } from './schedule/next-after.js';
export { validateCron, nextCronAfter } from './schedule/cron.js';
export { validateOnCalendar, nextOnCalendarAfter } from './schedule/oncalendar.js';
export { isValidTimeZone } from './schedule/timezone.js';
export type {
  CheckState,
  CheckEvent,
  CheckStatus,
  CheckKind,
  FlipReason,
  FlipRecord,
  PingKind,
  TransitionResult,
} from './state/types.js';
export { transition, applyDueDeadlines, deadlineFor, InvalidTransitionError } from './state/transition.js';
export * from './notify/index.js';
export * from './probe/index.js';
