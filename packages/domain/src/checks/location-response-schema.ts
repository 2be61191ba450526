import { Type, type Static } from '@sinclair/typebox';
import { nullable, oneOfValuesOrNull, responseObject } from '../validation/response-schema.js';

/** A probed check's locations with their last results, and its quorum (`presentCheckLocations`). */
export const CheckLocationsResponse = responseObject({
  quorum: nullable('integer', { minimum: 1, description: 'How many live locations must agree; null: a majority of them.' }),
  locations: Type.Array(
    responseObject({
      location: Type.String({ maxLength: 32 }),
      status: oneOfValuesOrNull(['up', 'warning', 'failing', null], { description: "The location's own verdict; null before its first result." }),
      stale: Type.Boolean({ description: 'No result for more than three intervals (plus a minute): it does not count in the quorum.' }),
      configured: Type.Boolean({
        description:
          'false: the check names a location that no longer exists (a public location removed from PUBLIC_LOCATIONS, or a revoked private location); the check keeps it, no prober serves it, and it goes stale (docs/locations.md).',
      }),
      failures_in_row: Type.Integer({ minimum: 0 }),
      last_result_at: nullable('string', { format: 'date-time' }),
      last_duration_ms: nullable('integer', { minimum: 0 }),
      reason: nullable('string', { description: "The last result's explanation, as a probed check's alert `detail`." }),
    }),
    { maxItems: 50 },
  ),
});
export type CheckLocationsResponse = Static<typeof CheckLocationsResponse>;
