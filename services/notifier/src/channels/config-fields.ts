import { permanentError } from '../delivery-error.js';

/** A required non-empty string of the integration's config; missing = permanent failure. */
export function requiredString(config: Record<string, unknown>, field: string): string {
  const v = config[field];
  if (typeof v !== 'string' || v.trim() === '') throw permanentError(`integration config has no ${field}`);
  return v.trim();
}

export function optionalString(config: Record<string, unknown>, field: string): string | undefined {
  const v = config[field];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A setting of the notifier itself (e.g. TWILIO_ACCOUNT_SID); missing = permanent failure. */
export function requiredSetting(value: string | undefined, variable: string): string {
  if (!value) throw permanentError(`${variable} is not configured on the notifier`);
  return value;
}
