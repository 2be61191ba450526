import type { PrivateLocation } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import type { PrivateLocationResponse } from './private-location-response-schema.js';

const orNull = (d: Date | null) => (d ? isoTimestamp(d) : null);

/** The API representation of a private location (docs/locations.md); never the key, only its prefix. */
export function presentPrivateLocation(l: PrivateLocation, now: Date): PrivateLocationResponse {
  return {
    id: l.id,
    name: l.name,
    code: l.code,
    key_prefix: l.keyPrefix,
    previous_key_expires_at: l.previousKeyExpiresAt && l.previousKeyExpiresAt > now ? isoTimestamp(l.previousKeyExpiresAt) : null,
    created_at: isoTimestamp(l.createdAt),
    last_seen_at: orNull(l.lastSeenAt),
    revoked_at: orNull(l.revokedAt),
  };
}
