import * as oidc from 'openid-client';
import { AAD } from '@upmon/crypto';
import { discoverOidc } from './oidc-configuration.js';
import { oidcRefusal } from './oidc-failure.js';
import { createSsoLogin } from './sso-logins.js';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal } from './sso-refusal.js';
import { ssoUrls } from './sso-urls.js';

/** The account's OIDC client, discovered now (through the outbound guard). */
export async function accountOidcClient(deps: SsoDeps, accountId: string): Promise<oidc.Configuration> {
  const s = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  if (!s?.oidcEnabled || !s.oidcIssuer || !s.oidcClientId || !s.oidcClientSecret)
    throw new SsoRefusal('not_configured', 'This account does not sign in with OpenID Connect.', accountId);
  const secret = deps.cipher.decrypt(s.oidcClientSecret, AAD.ssoOidcClientSecret(accountId)).toString('utf8');
  try {
    return await discoverOidc(deps, s.oidcIssuer, s.oidcClientId, secret);
  } catch (err) {
    throw oidcRefusal(err, accountId);
  }
}

/**
 * Starts an OpenID Connect sign-in: authorization code flow with PKCE (S256), a random state and
 * nonce. Returns the IdP's authorization URL and the state for the browser's cookie.
 */
export async function startOidcSignIn(deps: SsoDeps, accountId: string, next: string | null): Promise<{ url: string; state: string }> {
  const config = await accountOidcClient(deps, accountId);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const { state } = await createSsoLogin(deps.prisma, deps.cipher, { accountId, protocol: 'oidc', nonce, codeVerifier, next, now: deps.clock.now() });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoUrls(deps.appBaseUrl, accountId).oidcRedirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}
