/** Healthchecks' rule for a `schedule` string (the same rule as upmon's maintenance windows). */
export { scheduleKindOf as guessScheduleKind } from '@upmon/core';
