import { DeliveryError } from '../transport/delivery-error.js';

/** Shorter values are not worth hiding, and replacing them would garble the message. */
const MIN_SECRET_LENGTH = 4;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `err` with every occurrence of the secrets (the config's credential fields, the operator's
 * tokens), and of their URL-encoded forms, replaced by `[redacted]`: the message goes to the
 * delivery log, the web app and the logs, and a provider's error or a network error may echo
 * a credential (a token in a URL path, a key in an answer).
 */
export function redactSecrets(err: DeliveryError, secrets: readonly (string | undefined)[]): DeliveryError {
  const forms = new Set<string>();
  for (const s of secrets) {
    if (!s || s.length < MIN_SECRET_LENGTH) continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
  }
  if (forms.size === 0) return err;
  // Longest first, so a secret that contains another is replaced whole.
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  const message = err.message.replace(pattern, '[redacted]');
  return message === err.message ? err : new DeliveryError(message, err.kind, err.statusCode, err.retryAfterMs);
}
