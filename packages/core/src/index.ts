export { PLANS, planLimits, type PlanName, type PlanLimits } from './plans.js';
export { type Schedule, ScheduleError, MAX_EXPRESSION_LENGTH, MAX_TIME_ZONE_LENGTH } from './schedule/types.js';
export { nextAfter } from './schedule/next-after.js';
export { validateCron, nextCronAfter } from './schedule/cron.js';
export { validateOnCalendar, nextOnCalendarAfter } from './schedule/oncalendar.js';
export { isValidTimeZone, wallTimeToInstant } from './schedule/timezone.js';
export type { CheckState, CheckEvent, CheckStatus, CheckKind, FlipReason, FlipRecord, PingKind, TransitionResult, ProbedKind } from './state/types.js';
export { PROBED_KINDS, isProbedKind } from './state/types.js';
export { transition, applyDueDeadlines, deadlineFor, expectedAt, InvalidTransitionError } from './state/transition.js';
export { rearmAfterRestore } from './state/rearm-after-restore.js';
export { takePingBudget, PING_BUDGET_PER_WINDOW, PING_BUDGET_WINDOW_MS, type PingBudget, type PingBudgetDecision } from './state/ping-budget.js';
export * from './notify/index.js';
export * from './oncall/index.js';
export * from './probe/index.js';
export { ROLES, ROLE_LABELS, roleAllows, mayAssignRole, isRole, type Role, type Action } from './roles.js';
export {
  uptimeHistory,
  utcDayStart,
  STATUS_PAGE_DAYS,
  type StatusChange,
  type UptimeHistoryInput,
  type UptimeHistory,
  type UptimeDay,
  type Incident,
} from './status-page/uptime-history.js';
export {
  walkTimeline,
  rollupDays,
  historyFromRollups,
  incidentListStart,
  listIncidents,
  type DayRollup,
  type RollupDaysInput,
  type RolledHistoryInput,
  type RolledHistory,
  type IncidentList,
} from './status-page/uptime-rollup.js';
export {
  checkAvailability,
  AVAILABILITY_MONTHS,
  AVAILABILITY_PERIODS,
  type CheckAvailability,
  type PeriodAvailability,
  type MonthDowntime,
} from './status-page/check-availability.js';
export { monitoredSegments, overlapMs, splitMonitoredTime, type Span } from './status-page/monitored-time.js';
export { excludeMaintenance, type MaintenanceTimeline } from './status-page/maintenance-days.js';
export { renderIncidentMarkdown, escapeHtml, INCIDENT_MESSAGE_MAX } from './status-page/incident-markdown.js';
export { STATUS_PAGE_NOTICES_CHANNEL, SUBSCRIPTION_TOKEN, confirmSubscriptionUrl, statusPageUrl, unsubscribeUrl } from './status-page/subscription-links.js';
export { maintenanceSpansByCheck } from './maintenance/check-maintenance-spans.js';
export { findDependencyCycle, MAX_DEPENDENCIES } from './dependencies/dependency-cycle.js';
export { scheduleKindOf } from './schedule/schedule-kind.js';
export {
  activeOccurrence,
  nextOccurrence,
  maintenanceState,
  maintenanceOf,
  maintenanceSchedule,
  maintenanceSpansBetween,
  windowAppliesTo,
  maintenanceSpecOf,
  validateMaintenanceSchedule,
  MAINTENANCE_NAME_MAX,
  MAINTENANCE_DURATION_MIN,
  MAINTENANCE_DURATION_MAX,
  MAINTENANCE_SCOPE_MAX,
  MAINTENANCE_KEPT_DAYS,
  type MaintenanceWindowSpec,
  type MaintenanceScope,
  type MaintenanceState,
  type Occurrence,
} from './maintenance/maintenance-window.js';
export { canonicalTimeZone, legacyTimeZones } from './schedule/canonical-time-zone.js';
export { IGNORED_PING, isIgnoredPingNote } from './state/ping-notes.js';
export { NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './display-names.js';
export { SLO_ROLLING_DAYS, calendarMonthRange, monthOfInstant, sloWindowRange, type SloRollingDays, type SloWindow, type TimeRange } from './slo/slo-window.js';
export {
  sloAttainment,
  burnRate,
  sumTotals,
  availabilityOf,
  type CheckTimeline,
  type AvailabilityTotals,
  type ErrorBudget,
  type SloAttainment,
} from './slo/slo-budget.js';
export { checkReport, type CheckReport, type ReportIncident } from './slo/check-report.js';
export { latencyAttainment, type ProbeCounts, type LatencyAttainment } from './slo/latency-attainment.js';
export { BURN_ALERTS, burnAlertStates, type BurnAlertKind, type BurnAlertState } from './slo/burn-rate-alerts.js';
export { buildBurnAlertNotification, type BurnAlertMessageInput } from './slo/burn-alert-notification.js';
