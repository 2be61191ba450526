import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, oneOfValues, responseObject } from '../validation/response-schema.js';
import { AUDIT_ACTOR_KINDS } from './actor.js';
import { AUDIT_ACTIONS } from './record-audit-event.js';

/** An event of the audit log as the API lists it (`presentAuditEvent`). */
export const AuditEventResponse = responseObject({
  id: Type.String({ description: 'Grows with time; a page ends with the oldest' }),
  at: dateTime(),
  action: oneOfValues(AUDIT_ACTIONS),
  actor: responseObject({
    kind: oneOfValues(AUDIT_ACTOR_KINDS),
    label: Type.String({ description: "The person's e-mail address, or the key's name (else prefix), when it happened" }),
    user_id: nullable('string', { format: 'uuid' }),
    api_key_id: nullable('string', { format: 'uuid' }),
  }),
  client_address: nullable('string', { description: "The client's IP address (null for the admin CLI)" }),
  target: nullable('string', { description: 'What it was done to, as named when it happened' }),
});
export type AuditEventResponse = Static<typeof AuditEventResponse>;
