import { AAD } from '@upmon/crypto';
import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { discoverOidc, discoveryProblem } from './oidc-configuration.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';
import { requireHttps, type OidcSettingsInput } from './sso-input.js';

/**
 * Saves an account's OpenID Connect settings after discovering the issuer (so a wrong URL is
 * refused now, naming the field, not at someone's first sign-in). The secret is stored encrypted,
 * bound to the account's row; left out, the stored one is kept.
 */
export async function saveOidcSettings(deps: SsoDeps, accountId: string, actor: Actor, input: OidcSettingsInput): Promise<void> {
  requireHttps('issuer', input.issuer, deps.allowHttp);
  const existing = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  let secret = input.client_secret ?? null;
  if (!secret && existing?.oidcClientSecret) secret = deps.cipher.decrypt(existing.oidcClientSecret, AAD.ssoOidcClientSecret(accountId)).toString('utf8');
  if (!secret) throw ApiError.validation({ client_secret: ['is required (the identity provider gives it with the client id)'] });
  const issuer = input.issuer.replace(/\/+$/, '');
  try {
    await discoverOidc(deps, issuer, input.client_id, secret);
  } catch (err) {
    throw ApiError.validation({ issuer: [`was not accepted: ${discoveryProblem(err)}`] });
  }
  const data = {
    oidcEnabled: input.enabled,
    oidcIssuer: issuer,
    oidcClientId: input.client_id,
    oidcClientSecret: new Uint8Array(deps.cipher.encrypt(secret, AAD.ssoOidcClientSecret(accountId))),
  };
  await deps.prisma.$transaction(async (tx) => {
    await tx.ssoSettings.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
    await recordSsoEvent(tx, accountId, actor, 'sso.oidc_update', `${issuer} (${input.enabled ? 'on' : 'off'})`);
  });
}
