import type { BeforeRedirectHook } from 'got';

/** What a check sends that only its own origin may see. */
export interface CheckCredentials {
  url: string;
  /** The check's custom request headers (any of them may carry a key). */
  headers: Readonly<Record<string, string>>;
  basicAuth: { username: string; password: string } | null;
}

/**
 * got's `beforeRedirect` hook for one check's request: its custom headers and basic auth are sent
 * only to the check's own origin (scheme, host and port; docs/probe-checks.md, "http"). A hop to
 * any other origin goes without them; a hop back to the origin gets them again. got on its own
 * drops basic auth and `Authorization` only when the host or port changes, so it would send
 * custom headers (`X-Api-Key: …`) to any site the endpoint redirects to, and everything over an
 * https → http downgrade of the same host.
 */
export function credentialsOnlyToOrigin(check: CheckCredentials): BeforeRedirectHook {
  const own = new URL(check.url);
  const origin = own.origin;
  // Basic auth from the config, else from the URL's user info.
  const auth =
    check.basicAuth ?? (own.username || own.password ? { username: decodeURIComponent(own.username), password: decodeURIComponent(own.password) } : null);
  // got keeps header names in lower case.
  const custom = Object.entries(check.headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  return (options) => {
    const home = new URL(String(options.url)).origin === origin;
    delete options.headers.authorization;
    for (const [name, value] of custom) {
      if (home) options.headers[name] = value;
      else delete options.headers[name];
    }
    // got turns these into `Authorization: Basic …` for the next request.
    options.username = home && auth ? auth.username : '';
    options.password = home && auth ? auth.password : '';
  };
}
