import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullableDateTime, responseObject } from '../validation/response-schema.js';

const properties = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  code: Type.String({ description: "The location's name in a check's `locations`" }),
  key_prefix: Type.String({ description: 'The first characters of the current key' }),
  previous_key_expires_at: nullableDateTime({ description: 'A rotated-out key keeps working until then' }),
  created_at: dateTime(),
  last_seen_at: nullableDateTime({ description: 'Its prober last asked for probes (to the minute)' }),
  revoked_at: nullableDateTime(),
};

/** A private location as the API returns it (`presentPrivateLocation`): never the key, only its prefix. */
export const PrivateLocationResponse = responseObject(properties);
export type PrivateLocationResponse = Static<typeof PrivateLocationResponse>;

/** The same with its new key, in the one response that shows it (create, rotate). */
export const PrivateLocationWithKeyResponse = responseObject({ ...properties, key: Type.String({ description: 'The location key: shown this once' }) });
