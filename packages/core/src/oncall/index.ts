export {
  finalSchedule,
  layerSchedule,
  onCallAt,
  onCallNowAndNext,
  NEXT_HORIZON_DAYS,
  type Layer,
  type Override,
  type OnCallSchedule,
  type RotationUnit,
  type Shift,
} from './oncall-schedule.js';
export { overlappingRestrictions, type Restriction } from './restrictions.js';
export { renderIcal, escapeIcalText, type CalendarEvent } from './ical.js';
export { localDays } from './local-day.js';
