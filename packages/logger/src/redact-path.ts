/** What a secret path segment is replaced with. */
export const REDACTED_SEGMENT = '[redacted]';

/** Longest path looked at: a longer one is cut here first (logs need no more, and matching stays cheap). */
const PATH_MAX = 2048;

const ANY = Symbol('any');
/** A segment of a route: a literal (compared case-insensitively, as Express routes), any value, or the secret. */
type Segment = string | typeof ANY | { secret: true; keepSuffix?: string };
const SECRET = { secret: true } as const;

/**
 * Every route whose path carries a secret (a bearer of the link gets in), by its leading segments.
 * Adding a public route with a token in its path means adding it here (tested in
 * packages/logger/test/redact-path.test.ts).
 */
const SECRET_ROUTES: readonly (readonly Segment[])[] = [
  // On-call calendar feeds (docs/oncall.md): the token is the whole secret; `.ics` stays to say what it was.
  ['ical', 'oncall', { secret: true, keepSuffix: '.ics' }],
  // Badges: /badge/<badge_key>/<tag>.<format> (the tag is the project's, not a secret).
  ['badge', SECRET],
  // Status page subscribers' e-mailed links (the page's public key is public).
  ['status', ANY, 'confirm', SECRET],
  ['status', ANY, 'unsubscribe', SECRET],
  // Alert acknowledgement links (/ack/<token>, ACK_LINK_SEGMENT).
  ['ack', SECRET],
  // Sign-in links, password set and reset links, invitations, sign-up and e-mail confirmations.
  ['auth', 'link', SECRET],
  ['auth', 'password', SECRET],
  ['invitations', SECRET],
  ['sign-up', 'confirm', SECRET],
  ['email', 'verify', SECRET],
  // Prometheus scrape URLs with the read-only API key in the path.
  ['projects', ANY, 'metrics', SECRET],
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

function matches(route: readonly Segment[], segments: readonly string[]): boolean {
  if (segments.length < route.length) return false;
  return route.every((s, i) => typeof s !== 'string' || decoded(segments[i] as string) === s);
}

/**
 * A request path as it may be logged: the secret segment of a route in SECRET_ROUTES replaced by
 * `[redacted]`, e.g.
 * `/ical/oncall/[redacted].ics`. The query string is dropped (it may hold tokens too: logs
 * never need it). Other paths are returned as they came, cut to 2,048 characters. Matching is
 * by segments, case-insensitive and on decoded literals, as Express routes them, and empty segments
 * (`//`) are skipped, so a path that reaches a secret route cannot slip past in another spelling.
 */
export function redactPath(path: string): string {
  const bare = path.slice(0, PATH_MAX).split('?', 1)[0] as string;
  const segments = bare.split('/').filter((s) => s !== '');
  for (const route of SECRET_ROUTES) {
    if (!matches(route, segments)) continue;
    const out = segments.map((seg, i) => {
      const s = route[i];
      if (s === undefined || typeof s === 'string' || s === ANY) return seg;
      return s.keepSuffix && seg.toLowerCase().endsWith(s.keepSuffix) ? REDACTED_SEGMENT + seg.slice(-s.keepSuffix.length) : REDACTED_SEGMENT;
    });
    return `/${out.join('/')}`;
  }
  return bare;
}
