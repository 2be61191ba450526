import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';

/** Removes the OpenID Connect settings (and the stored secret). */
export async function removeOidcSettings(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.ssoSettings.updateMany({
      where: { accountId, oidcIssuer: { not: null } },
      data: { oidcEnabled: false, oidcIssuer: null, oidcClientId: null, oidcClientSecret: null },
    });
    if (count > 0) await recordSsoEvent(tx, accountId, actor, 'sso.oidc_delete');
  });
}
