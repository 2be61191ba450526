import { OutboundBlockedError } from '@upmon/outbound';
import { SsoRefusal, type SsoRefusalReason } from './sso-refusal.js';

/**
 * openid-client's (oauth4webapi's) refusal of an IdP's answer, as a refusal a person can read.
 * The checks themselves are the library's: issuer, audience, expiry, signature against the
 * issuer's JWKS, algorithm, nonce, state, PKCE.
 */
export function oidcRefusal(err: unknown, accountId: string): SsoRefusal {
  const message = err instanceof Error ? err.message : String(err);
  const cause = (err as { cause?: unknown }).cause;
  const code = (err as { code?: string }).code ?? '';
  const r = (reason: SsoRefusalReason, text: string) => new SsoRefusal(reason, text, accountId, null, `${code} ${message}`.slice(0, 300));
  if (err instanceof OutboundBlockedError || cause instanceof OutboundBlockedError)
    return r('unreachable', "The identity provider's address is not reachable from upmon.");
  if (/"iss"/.test(message)) return r('issuer', 'The ID token was issued by another issuer than the one this account trusts.');
  if (/"aud"|"azp"/.test(message)) return r('audience', 'The ID token was issued for another client (audience), not for upmon.');
  if (/"exp"|"nbf"|"iat"/.test(message) || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return r('expired', 'The ID token has expired (or is not valid yet).');
  if (/"alg"/.test(message))
    return r('algorithm', 'The ID token is not signed with an algorithm the identity provider announces (unsigned tokens are refused).');
  if (/signature|verification key|KEY_SELECTION/i.test(message + code))
    return r('signature', "The ID token's signature does not match the identity provider's published keys.");
  if (/"nonce"/.test(message)) return r('nonce', "The ID token's nonce does not belong to this sign-in.");
  if (/"state"|state/i.test(message) && code === 'OAUTH_INVALID_RESPONSE') return r('state', 'The answer does not belong to this sign-in (state).');
  if (code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR' || code === 'OAUTH_RESPONSE_BODY_ERROR')
    return r('idp_error', 'The identity provider refused the sign-in.');
  return r('invalid_response', "The identity provider's answer could not be verified.");
}
