import { Type, type Static } from '@sinclair/typebox';
import { constant, dateTime, nullable, nullableDateTime, nullableRefTo, oneOfValues, refTo, responseObject } from '../validation/response-schema.js';
import { CHECK_KINDS } from './check-input.js';

/** A check's statuses (and a flip's old and new ones). */
export const CHECK_STATUSES = ['new', 'up', 'late', 'down', 'paused'] as const;

const schedulePeriod = responseObject({ kind: constant('period'), period_sec: Type.Integer(), tz: Type.String() });
const scheduleCron = responseObject({ kind: constant('cron'), cron: Type.String({ description: '5-field cron expression' }), tz: Type.String() });
const scheduleOnCalendar = responseObject({
  kind: constant('oncalendar'),
  oncalendar: Type.String({ description: 'systemd OnCalendar expression' }),
  tz: Type.String(),
});

/** A check's schedule as returned: one of three forms, always with its zone. */
export const ScheduleResponse = Type.Unsafe<Static<typeof schedulePeriod> | Static<typeof scheduleCron> | Static<typeof scheduleOnCalendar>>({
  oneOf: [schedulePeriod, scheduleCron, scheduleOnCalendar],
});

export const AcknowledgementResponse = responseObject({
  by: Type.String({ description: 'The user\'s e-mail address, "API key <name>", or "alert link".' }),
  at: dateTime(),
  via: oneOfValues(['api', 'web', 'link']),
});

export const SnoozeResponse = responseObject({
  at: dateTime({ description: 'When it was snoozed.' }),
  until: nullableDateTime({
    description: 'When it ends; null: until the check next recovers. A timed snooze stays here after it ended: compare with the time.',
  }),
  by: Type.String({ description: 'The user\'s e-mail address or "API key <name>".' }),
});

/** A check as the API returns it (`checkPresenter`); its probe config is never returned. */
export const CheckResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  kind: oneOfValues(CHECK_KINDS),
  name: Type.String(),
  slug: nullable('string'),
  description: nullable('string'),
  tags: Type.Array(Type.String()),
  schedule: refTo('Schedule', ScheduleResponse),
  grace_sec: Type.Integer(),
  min_run_sec: nullable('integer', { description: 'An addition to the spec: minimum run time in seconds (heartbeat), null for none.' }),
  depends_on: Type.Array(Type.String({ format: 'uuid' }), { description: 'An addition to the spec: ids of the checks of the project this check depends on.' }),
  locations: Type.Array(Type.String({ maxLength: 32 }), {
    maxItems: 20,
    description:
      'An addition to the spec: the locations a probed check is probed from; empty: every public location (docs/locations.md). A location since removed is kept (`GET /checks/{uuid}/locations` shows it `configured: false`).',
  }),
  quorum: nullable('integer', { description: 'An addition to the spec: live locations that must agree before a probed check flips; null: a majority.' }),
  tz: Type.String(),
  status: oneOfValues(CHECK_STATUSES),
  last_ping_at: nullableDateTime(),
  last_duration_ms: nullable('integer'),
  next_deadline_at: nullableDateTime(),
  ping_urls: Type.Array(Type.String({ format: 'uri' })),
  created_at: dateTime(),
  acknowledged: nullableRefTo('Acknowledgement', AcknowledgementResponse, {
    description: "An addition to the spec: who acknowledged the down check's current episode, and when; null when the check is not down or nobody has.",
  }),
  snooze: nullableRefTo('Snooze', SnoozeResponse, {
    description:
      'An addition to the spec: its notifications are muted (monitoring goes on) until `until`, or until it recovers; null when not snoozed or an until-recovery snooze has ended (docs/notifications.md, "Snooze").',
  }),
});
export type CheckResponse = Static<typeof CheckResponse>;
export type ScheduleResponse = Static<typeof ScheduleResponse>;
