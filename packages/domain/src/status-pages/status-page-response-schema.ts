import { Type, type Static } from '@sinclair/typebox';
import { dateTime, responseObject } from '../validation/response-schema.js';

/** A project's status page as the API returns it (`presentStatusPage`). */
export const StatusPageResponse = responseObject({
  title: Type.String(),
  enabled: Type.Boolean(),
  public_url: Type.String({
    format: 'uri',
    description: 'APP_BASE_URL/status/<public key>: no API key needed, so share it only where the page may be seen',
  }),
  groups: Type.Array(responseObject({ name: Type.String(), checks: Type.Array(Type.String({ format: 'uuid' })) })),
  created_at: dateTime(),
  updated_at: dateTime(),
});
export type StatusPageResponse = Static<typeof StatusPageResponse>;
