import { Type, type Static } from '@sinclair/typebox';
import { CHECK_STATUSES } from '../checks/check-response-schema.js';
import { dateTime, nullableObject, nullable, oneOfValues, responseObject } from '../validation/response-schema.js';

/** A status change of a check as the API lists it (`presentFlip`). */
export const FlipResponse = responseObject({
  ts: dateTime(),
  old_status: oneOfValues(CHECK_STATUSES),
  new_status: oneOfValues(CHECK_STATUSES),
  reason: oneOfValues(['timeout', 'fail', 'exit', 'ping', 'manual', 'resumed', 'quota', 'short_run'], {
    description: '`short_run` is an addition to the spec (minimum run time).',
  }),
  locations: Type.Array(Type.String(), {
    description:
      'An addition to the spec: for a probed check, the locations whose results decided the flip (failing ones for down and late, answering ones for up; docs/locations.md); empty for other flips.',
  }),
  held_for: nullableObject(
    { uuid: Type.String({ format: 'uuid' }), name: nullable('string', { description: 'null when that check has been deleted since.' }) },
    {
      description:
        'An addition to the spec: for a down flip whose alerts were held because a dependency of the check was down, that dependency (docs/notifications.md, "Dependencies"); else null.',
    },
  ),
});
export type FlipResponse = Static<typeof FlipResponse>;
