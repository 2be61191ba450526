import { Type, type Static } from '@sinclair/typebox';
import { dateTime, nullable, nullableDateTime, oneOfValues, responseObject } from '../validation/response-schema.js';

/** A subscriber of the project's status page as the API returns it (`presentSubscriber`). */
export const StatusPageSubscriberResponse = responseObject({
  id: Type.String({ format: 'uuid' }),
  kind: oneOfValues(['email', 'webhook']),
  email: nullable('string', { description: 'The address (kind email)' }),
  url: nullable('string', { description: 'The URL (kind webhook)' }),
  confirmed: Type.Boolean({
    description: 'Whether it gets news: an e-mail address once its confirmation link was opened (or it was imported); a webhook always',
  }),
  created_at: dateTime(),
  confirmed_at: nullableDateTime(),
});
export type StatusPageSubscriberResponse = Static<typeof StatusPageSubscriberResponse>;

/** How many subscribers the page has, by kind (the list's `counts`). */
export const SubscriberCountsResponse = responseObject({
  email_confirmed: Type.Integer({ minimum: 0 }),
  email_pending: Type.Integer({ minimum: 0, description: 'Addresses whose confirmation link was not opened yet' }),
  webhook: Type.Integer({ minimum: 0 }),
});

/** What a CSV import did. */
export const SubscriberImportResponse = responseObject({
  added: Type.Integer({ minimum: 0 }),
  existing: Type.Integer({ minimum: 0, description: 'Addresses that were subscribers already (a waiting one is confirmed by the import)' }),
  invalid: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20, description: 'Numbers of the non-blank lines that are not an address (the first 20)' }),
});
