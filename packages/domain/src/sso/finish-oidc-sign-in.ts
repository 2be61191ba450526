import * as oidc from 'openid-client';
import { AAD } from '@upmon/crypto';
import { oidcRefusal } from './oidc-failure.js';
import { provisionSsoUser } from './provision-sso-user.js';
import { takeSsoLogin } from './sso-logins.js';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal } from './sso-refusal.js';
import { accountOidcClient } from './start-oidc-sign-in.js';
import { ssoUrls } from './sso-urls.js';

/** The groups a claim lists (an array of strings, or one string). */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value.slice(0, 200)];
  if (Array.isArray(value))
    return value
      .filter((g): g is string => typeof g === 'string')
      .slice(0, 200)
      .map((g) => g.slice(0, 200));
  return [];
}

/**
 * Completes an OpenID Connect sign-in at the redirect URI: the browser's cookie must hold the
 * state the IdP sent back; the code is exchanged with the PKCE verifier; the ID token is checked by
 * openid-client (signature against the issuer's JWKS, issuer, audience, expiry, nonce); then
 * `email_verified` and the account's domains decide who it is.
 */
export async function finishOidcSignIn(
  deps: SsoDeps,
  callback: { url: URL; cookieState: string | null; client: string | null },
): Promise<{ user: { id: string; email: string }; accountId: string; next: string | null }> {
  const state = callback.url.searchParams.get('state') ?? '';
  if (!state || !callback.cookieState || state !== callback.cookieState)
    throw new SsoRefusal('state', 'This sign-in was not started in this browser (or took too long); start again.');
  const now = deps.clock.now();
  const login = await takeSsoLogin(deps.prisma, { state, protocol: 'oidc' }, now);
  if (!login) throw new SsoRefusal('state', 'This sign-in has expired or was already used; start again.');
  const accountId = login.accountId;
  if (callback.url.searchParams.get('error'))
    throw new SsoRefusal('idp_error', `The identity provider refused the sign-in (${callback.url.searchParams.get('error')!.slice(0, 60)}).`, accountId);
  const config = await accountOidcClient(deps, accountId);
  const verifier = login.codeVerifier ? deps.cipher.decrypt(login.codeVerifier, AAD.ssoCodeVerifier(login.id)).toString('utf8') : '';
  // openid-client reads the redirect URI from the URL it is given: the configured one, with the answer's query.
  const current = new URL(ssoUrls(deps.appBaseUrl, accountId).oidcRedirectUri);
  current.search = callback.url.search;
  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: login.nonce ?? undefined,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (err) {
    throw oidcRefusal(err, accountId);
  }
  const settings = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  const email = typeof claims.email === 'string' ? claims.email : null;
  const user = await provisionSsoUser(
    deps.prisma,
    {
      accountId,
      protocol: 'oidc',
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
      groups: groupsOf(claims[settings?.groupsClaim ?? 'groups']),
    },
    callback.client,
    now,
  );
  return { user, accountId, next: login.next };
}
