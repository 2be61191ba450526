import { permanentError } from '../transport/delivery-error.js';

/**
 * Reading a stored config. The API validated it when it was saved, but a sender still checks what
 * it uses: a config saved by an older version, or edited by hand, fails permanently with a
 * message saying which field is missing instead of sending something wrong.
 */

/** A required non-empty string of the integration's config; missing = permanent failure. */
export function requiredString(config: Readonly<Record<string, unknown>>, field: string): string {
  const v = config[field];
  if (typeof v !== 'string' || v.trim() === '') throw permanentError(`integration config has no ${field}`);
  return v.trim();
}

export function optionalString(config: Readonly<Record<string, unknown>>, field: string): string | undefined {
  const v = config[field];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** An optional integer setting within [min, max]; absent or out of range = `fallback`. */
export function integerOr(config: Readonly<Record<string, unknown>>, field: string, min: number, max: number, fallback: number): number {
  const v = config[field];
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

/** A setting of the notifier itself (e.g. TWILIO_ACCOUNT_SID); missing = permanent failure. */
export function requiredSetting(value: string | undefined, variable: string): string {
  if (!value) throw permanentError(`${variable} is not configured on the notifier`);
  return value;
}
