import { DeliveryError } from '../transport/delivery-error.js';

/** Shorter values are not worth hiding, and replacing them would garble the message. */
const MIN_SECRET_LENGTH = 4;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Token segments are long; shorter ones (`api`, `hooks`, `v1`) are the provider's words. */
const MIN_TOKEN_SEGMENT = 16;

/**
 * The parts of a secret URL (a webhook URL is a credential) that a message may echo without the
 * rest: the path with the query, the query, each query value, and each long path segment.
 */
function urlParts(secret: string): string[] {
  if (!/^https?:\/\//i.test(secret)) return [];
  let url: URL;
  try {
    url = new URL(secret);
  } catch {
    return [];
  }
  return [
    `${url.pathname}${url.search}`,
    url.search,
    ...[...url.searchParams.values()],
    ...url.pathname.split('/').filter((seg) => seg.length >= MIN_TOKEN_SEGMENT),
  ];
}

/**
 * `err` with every occurrence of the secrets (the config's credential fields, the operator's
 * tokens, the parts of secret URLs), and of their URL-encoded forms, replaced by `[redacted]`: the message goes to the
 * delivery log, the web app and the logs, and a provider's error or a network error may echo
 * a credential (a token in a URL path, a key in an answer).
 */
export function redactSecrets(err: DeliveryError, secrets: readonly (string | undefined)[]): DeliveryError {
  const forms = new Set<string>();
  const add = (s: string) => {
    if (s.length < MIN_SECRET_LENGTH) return;
    forms.add(s);
    forms.add(encodeURIComponent(s));
  };
  for (const s of secrets) {
    if (!s) continue;
    add(s);
    for (const part of urlParts(s)) add(part);
  }
  // Credentials echoed as an Authorization value, whose encoded form matches no secret (basic
  // auth is base64 of "user:password").
  let message = err.message.replace(/\b(Basic|Bearer|GenieKey) [A-Za-z0-9+/=._~-]{8,}/g, '$1 [redacted]');
  if (forms.size > 0) {
    // Longest first, so a secret that contains another is replaced whole.
    const longestFirst = [...forms].sort((a, b) => b.length - a.length);
    message = message.replace(new RegExp(longestFirst.map(escapeRegExp).join('|'), 'g'), '[redacted]');
  }
  return message === err.message ? err : new DeliveryError(message, err.kind, err.statusCode, err.retryAfterMs);
}
