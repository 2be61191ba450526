import { blockedByGuard, errorChain } from './error-chain.js';
import { SsoRefusal, type SsoRefusalReason } from './sso-refusal.js';

/**
 * openid-client's (oauth4webapi's) refusal of an IdP's answer, as a refusal a person can read.
 * The checks themselves are the library's: issuer, audience, expiry, signature against the
 * issuer's JWKS, algorithm, nonce, state, PKCE.
 */
export function oidcRefusal(err: unknown, accountId: string): SsoRefusal {
  const chain = errorChain(err);
  // A cause that is not an Error (oauth4webapi's claim details) is read for its claim below, not printed.
  const message = chain
    .map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : null))
    .filter((m): m is string => m !== null)
    .join(' / ');
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c): c is string => typeof c === 'string' && c.startsWith('OAUTH_')) ?? '';
  // oauth4webapi names the claim that failed a comparison or a time check in its error's cause.
  const claim = chain.map((e) => (e as { claim?: unknown }).claim ?? (e as { cause?: { claim?: unknown } }).cause?.claim).find((c) => typeof c === 'string');
  const r = (reason: SsoRefusalReason, text: string) => new SsoRefusal(reason, text, accountId, null, `${code} ${message}`.slice(0, 300));
  if (blockedByGuard(err)) return r('unreachable', "The identity provider's address is not reachable from upmon.");
  if (claim === 'iss' || /"iss"/.test(message)) return r('issuer', 'The ID token was issued by another issuer than the one this account trusts.');
  if (claim === 'aud' || claim === 'azp' || /"aud"|"azp"/.test(message))
    return r('audience', 'The ID token was issued for another client (audience), not for upmon.');
  if (claim === 'exp' || claim === 'nbf' || claim === 'iat' || /"exp"|"nbf"|"iat"/.test(message) || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return r('expired', 'The ID token has expired (or is not valid yet).');
  if (/"alg"/.test(message))
    return r('algorithm', 'The ID token is not signed with an algorithm the identity provider announces (unsigned tokens are refused).');
  if (/signature|verification key|KEY_SELECTION/i.test(message + code))
    return r('signature', "The ID token's signature does not match the identity provider's published keys.");
  if (claim === 'nonce' || /"nonce"/.test(message)) return r('nonce', "The ID token's nonce does not belong to this sign-in.");
  if (/"state"|state/i.test(message) && code === 'OAUTH_INVALID_RESPONSE') return r('state', 'The answer does not belong to this sign-in (state).');
  if (code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR' || code === 'OAUTH_RESPONSE_BODY_ERROR')
    return r('idp_error', 'The identity provider refused the sign-in.');
  return r('invalid_response', "The identity provider's answer could not be verified.");
}
