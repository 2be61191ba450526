import { Type, type Static } from '@sinclair/typebox';
import { KIND_NAMES } from '@upmon/channels';
import { componentRef, dateTime, oneOfValues, responseObject } from '../validation/response-schema.js';

/** An integration as the API returns it (`presentIntegration`); its config (channel secrets) never is. */
export const IntegrationResponse = responseObject({
  id: Type.Integer(),
  uuid: Type.String({
    format: 'uuid',
    description:
      "The integration's id in the Healthchecks-compatible API (/api/v3, `channels`). A check assigned integrations explicitly there notifies exactly those (still only when enabled and subscribed to the event); `tags` applies to checks without an explicit assignment.",
  }),
  kind: oneOfValues(KIND_NAMES),
  name: Type.String(),
  enabled: Type.Boolean(),
  events: Type.Array(oneOfValues(['down', 'up', 'late'])),
  tags: Type.Unsafe<string[] | null>({ type: ['array', 'null'], items: { type: 'string' } }),
  // The request's schemas (QuietHours and Flapping are nullable): a response gives back what was set.
  quiet_hours: Type.Unsafe<{ from: string; to: string; tz: string } | null>(componentRef('QuietHours')),
  reminders: Type.Unsafe<number[] | null>({ type: ['array', 'null'], items: { type: 'integer' } }),
  flapping: Type.Unsafe<{ max_changes: number; window_minutes: number | null } | null>(componentRef('Flapping')),
  escalate_after_min: Type.Integer({ minimum: 0, maximum: 1440, description: 'Minutes after a down before this integration is notified; 0: at once.' }),
  verified: Type.Boolean({
    readOnly: true,
    description:
      'email: the address was confirmed through the link mailed to it (alerts are sent only then; a new address needs a new confirmation); telegram: a chat is linked; other kinds: always true.',
  }),
  created_at: dateTime(),
});
export type IntegrationResponse = Static<typeof IntegrationResponse>;
