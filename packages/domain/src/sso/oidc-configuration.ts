import * as oidc from 'openid-client';
import { blockedByGuard } from './error-chain.js';
import { guardedFetch } from './guarded-fetch.js';
import type { SsoDeps } from './sso-deps.js';

/** Why discovery failed, in words for the owner (never the IdP's body). */
export function discoveryProblem(err: unknown): string {
  if (blockedByGuard(err)) return 'its address is not reachable from upmon (private or reserved addresses are refused)';
  const message = err instanceof Error ? err.message : String(err);
  if (/"issuer" property does not match/i.test(message)) return 'the discovery document names another issuer than this URL';
  if (/response|status code|JSON/i.test(message)) return 'it has no valid OpenID Connect discovery document (/.well-known/openid-configuration)';
  return 'it could not be reached (no answer, or not an OpenID Connect issuer)';
}

/**
 * Discovers the issuer (its /.well-known/openid-configuration) through the outbound guard and
 * configures the client: PKCE, client_secret_basic, and the ID token's signature verified against
 * the issuer's JWKS (openid-client otherwise trusts a token from the token endpoint over TLS).
 */
export async function discoverOidc(
  deps: Pick<SsoDeps, 'guard' | 'allowHttp'>,
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<oidc.Configuration> {
  const execute: ((config: oidc.Configuration) => void)[] = [oidc.enableNonRepudiationChecks];
  if (deps.allowHttp) execute.push(oidc.allowInsecureRequests);
  const fetch = guardedFetch(deps.guard);
  return oidc.discovery(new URL(issuer), clientId, { client_secret: clientSecret }, oidc.ClientSecretBasic(clientSecret), {
    [oidc.customFetch]: (url, init) => fetch(url, init),
    execute,
    timeout: 10,
  });
}
