import { apiTimestampOrNull, isoTimestamp } from '../timestamps.js';
import type { SubscriberRow } from './manage-subscribers.js';
import type { StatusPageSubscriberResponse } from './subscriber-response-schema.js';

export function presentSubscriber(s: SubscriberRow): StatusPageSubscriberResponse {
  return {
    id: s.id,
    kind: s.kind === 'webhook' ? 'webhook' : 'email',
    email: s.email,
    url: s.url,
    confirmed: s.confirmedAt !== null,
    created_at: isoTimestamp(s.createdAt),
    confirmed_at: apiTimestampOrNull(s.confirmedAt),
  };
}
