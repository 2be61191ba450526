/**
 * First path segments of the web app. The raw ping receiver in front of Express takes a first
 * segment of 8+ URL-safe characters as a project ping key (ping/ping-url.ts), so each of these is
 * reserved there (tested), and `mountWeb` answers only paths under them. `integrations` and
 * `settings` have no pages yet: reserved now so that adding them later cannot shadow a ping URL.
 */
export const WEB_FIRST_SEGMENTS = [
  'checks',
  'projects',
  'accounts',
  'integrations',
  'settings',
  'sign-in',
  'sign-up',
  'sign-out',
  'reset-password',
  'auth',
  'invitations',
  'me',
  'schedule-preview',
  'static',
  'favicon.ico',
  // Public status pages (/status/<public_key>), not signed in.
  'status',
  // Acknowledgement links of alerts (/ack/<token>, ACK_LINK_SEGMENT in @upmon/core).
  'ack',
  // Single sign-on: /sso/<account>/start, /sso/oidc/callback, /sso/saml/<account>/acs… (docs/sso.md).
  'sso',
] as const;
