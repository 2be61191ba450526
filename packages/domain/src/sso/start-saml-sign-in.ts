import { createSsoLogin } from './sso-logins.js';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal } from './sso-refusal.js';
import { samlServiceProvider } from './saml-service-provider.js';

/**
 * Starts an SP-initiated SAML sign-in: an AuthnRequest (its ID kept on the sign-in's row) sent
 * with the HTTP-Redirect binding, the state as RelayState.
 */
export async function startSamlSignIn(deps: SsoDeps, accountId: string, next: string | null): Promise<{ url: string; state: string }> {
  const s = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  if (!s?.samlEnabled) throw new SsoRefusal('not_configured', 'This account does not sign in with SAML.', accountId);
  const { id, state } = await createSsoLogin(deps.prisma, deps.cipher, { accountId, protocol: 'saml', next, now: deps.clock.now() });
  const url = await samlServiceProvider(deps, s, id).getAuthorizeUrlAsync(state, undefined, {});
  return { url, state };
}
