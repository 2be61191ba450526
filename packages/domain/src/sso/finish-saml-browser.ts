import { sha256Hex } from '@upmon/crypto';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal } from './sso-refusal.js';

/**
 * The browser that started an SP-initiated SAML sign-in finishes it: its cookie's state names the
 * sign-in the ACS completed (once). The ACS's cross-site POST does not carry that cookie.
 */
export async function finishSamlBrowser(deps: Pick<SsoDeps, 'prisma' | 'clock'>, cookieState: string | null, queryState: string | null) {
  if (!cookieState || cookieState !== queryState) throw new SsoRefusal('state', 'This sign-in was not started in this browser; start again.');
  const now = deps.clock.now();
  const stateHash = sha256Hex(cookieState);
  const { count } = await deps.prisma.ssoLogin.updateMany({
    where: { stateHash, protocol: 'saml', completedUserId: { not: null }, finishedAt: null, expiresAt: { gt: now } },
    data: { finishedAt: now },
  });
  if (count !== 1) throw new SsoRefusal('state', 'This sign-in has expired or was already used; start again.');
  const login = await deps.prisma.ssoLogin.findUnique({ where: { stateHash } });
  const user = await deps.prisma.user.findUnique({ where: { id: login!.completedUserId! }, select: { id: true, email: true } });
  if (!user) throw new SsoRefusal('state', 'This sign-in has expired; start again.');
  return { user, accountId: login!.accountId, next: login!.next };
}
