import { createHash } from 'node:crypto';

/**
 * Healthchecks' `unique_key` of a check: the SHA-1 (hex) of the first 16 hex digits of its UUID.
 * Read-only keys see it instead of the UUID; computed the same way, a migrated check keeps the
 * unique_key it had in Healthchecks.
 */
export function hcUniqueKey(uuid: string): string {
  return createHash('sha1').update(uuid.replace(/-/g, '').toLowerCase().slice(0, 16)).digest('hex');
}
