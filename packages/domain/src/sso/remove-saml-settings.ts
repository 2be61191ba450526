import type { Actor } from '../audit/actor.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';

/** Removes the SAML IdP. */
export async function removeSamlSettings(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.ssoSettings.updateMany({
      where: { accountId, samlIdpEntityId: { not: null } },
      data: { samlEnabled: false, samlMetadataUrl: null, samlIdpEntityId: null, samlIdpSsoUrl: null, samlIdpCerts: [], samlAllowIdpInitiated: false },
    });
    if (count > 0) await recordSsoEvent(tx, accountId, actor, 'sso.saml_delete');
  });
}
