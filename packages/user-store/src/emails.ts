/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** The form users are stored and looked up by: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address (the mail server has the last word), checked on bounded input. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) && !email.includes('..');
}
