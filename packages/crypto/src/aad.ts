/**
 * The additional authenticated data of each encrypted column: table, column and the row it
 * belongs to. A ciphertext only decrypts with the same string, so one copied to another row or
 * column is refused. "Row" is what is known when the value is written:
 * - a ping body is bound to its check (the ping's own id comes from the insert; a body moved to
 *   another ping of the same check is still that check's output);
 * - a check's http_secrets (and tcp_secrets, the same for every probe kind) to the check id
 *   (generated before the insert);
 * - an integration's config to the integration id (drawn from its sequence before the insert).
 */
export const AAD = {
  pingBody: (checkId: string) => `pings.body:check=${checkId.toLowerCase()}`,
  /** `check_locations.last_reason`: a location's last probe explanation (docs/locations.md). */
  checkLocationReason: (checkId: string, location: string) => `check_locations.last_reason:${checkId.toLowerCase()}:${location}`,
  /** `flips.cause`: the deciding results of a probed check's flip, bound to the check (the flip id comes from the insert). */
  flipCause: (checkId: string) => `flips.cause:${checkId.toLowerCase()}`,
  checkHttpSecrets: (checkId: string) => `checks.http_secrets:${checkId.toLowerCase()}`,
  /** `checks.<kind>_secrets`: a probe kind's credentials (http's is checkHttpSecrets). */
  checkProbeSecrets: (kind: string, checkId: string) => `checks.${kind}_secrets:${checkId.toLowerCase()}`,
  integrationConfig: (integrationId: number | string) => `integrations.config:${integrationId}`,
  /** A user's TOTP secret (and one being set up) to the user id. */
  userTotpSecret: (userId: string) => `users.totp_secret:${userId.toLowerCase()}`,
  /** An account's OpenID Connect client secret (docs/sso.md). */
  ssoOidcClientSecret: (accountId: string) => `sso_settings.oidc_client_secret:${accountId.toLowerCase()}`,
  /** The PKCE code verifier of an SSO sign-in under way. */
  ssoCodeVerifier: (loginId: string) => `sso_logins.code_verifier:${loginId.toLowerCase()}`,
  /** A "test now" probe's config in its job, and its result in Redis (both short-lived). */
  probeTestConfig: (requestId: string) => `probe-tests.config:${requestId}`,
  probeTestResult: (requestId: string) => `probe-tests.result:${requestId}`,
} as const;
