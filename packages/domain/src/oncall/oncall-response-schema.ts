import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullableDateTime, nullableObject, nullable, oneOfValues, refTo, responseObject } from '../validation/response-schema.js';

const TIME = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;

/** One layer of a schedule as the API returns it. */
export const OncallLayerResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  position: Type.Integer({ description: 'Higher covers lower' }),
  users: Type.Array(Type.String({ format: 'uuid' }), { description: 'In rotation order' }),
  rotation: responseObject({ unit: oneOfValues(['hours', 'days', 'weeks']), count: Type.Integer({ minimum: 1 }) }),
  anchor_date: Type.String({ pattern: '^\\d{4}-\\d\\d-\\d\\d$' }),
  handoff_time: Type.Unsafe<string>(TIME),
  tz: Type.String(),
  starts_at: nullableDateTime(),
  ends_at: nullableDateTime(),
  restrictions: Type.Array(
    responseObject({ days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 })), from: Type.Unsafe<string>(TIME), to: Type.Unsafe<string>(TIME) }),
  ),
  created_at: dateTime(),
});
export type OncallLayerResponse = Static<typeof OncallLayerResponse>;

/** A schedule with its layers, bottom to top (`presentOncallSchedule`). */
export const OncallScheduleResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: nullable('string'),
  layers: Type.Array(refTo('OncallLayer', OncallLayerResponse), { description: 'Bottom (lowest priority) first' }),
  created_at: dateTime(),
});
export type OncallScheduleResponse = Static<typeof OncallScheduleResponse>;

export const OncallOverrideResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  user: Type.String({ format: 'uuid' }),
  starts_at: dateTime(),
  ends_at: dateTime(),
  created_at: dateTime(),
});
export type OncallOverrideResponse = Static<typeof OncallOverrideResponse>;

/** A span of the final schedule: who is on call from when to when. */
export const OncallShiftResponse = responseObject({
  user: Type.String({ format: 'uuid' }),
  user_name: Type.String({ description: "The user's name (or e-mail address when it has none)" }),
  starts_at: dateTime(),
  ends_at: dateTime(),
});
export type OncallShiftResponse = Static<typeof OncallShiftResponse>;

const shiftProperties = OncallShiftResponse.properties;

export const OncallNowResponse = responseObject({
  at: dateTime(),
  now: nullableObject(shiftProperties, { description: 'The shift in progress (null: nobody is on call)' }),
  next: nullableObject(shiftProperties, { description: 'The next shift (of someone else, or the same person after a gap) within 400 days' }),
});
export type OncallNowResponse = Static<typeof OncallNowResponse>;

export const OncallFeedResponse = responseObject({
  url: Type.String({ format: 'uri', description: 'Secret iCal address: anyone with it reads the shifts; rotate to revoke' }),
});
export type OncallFeedResponse = Static<typeof OncallFeedResponse>;
