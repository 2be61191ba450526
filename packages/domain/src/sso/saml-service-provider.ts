import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import { certificatePem } from './saml-metadata.js';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal } from './sso-refusal.js';
import { ssoUrls } from './sso-urls.js';
import { SSO_LOGIN_TTL_MS } from './sso-logins.js';

/** Leeway for the IdP's clock in NotBefore / NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;

export interface SamlAccountSettings {
  accountId: string;
  samlIdpEntityId: string | null;
  samlIdpSsoUrl: string | null;
  samlIdpCerts: string[];
  samlAllowIdpInitiated: boolean;
}

/**
 * Where node-saml keeps the IDs of the AuthnRequests it sent: the `sso_logins` rows. `loginId`
 * names the row a new request belongs to (when starting); answers are looked up by their
 * InResponseTo, and only for this account: an answer to another account's request, or to one
 * already used, is refused here with its own reason.
 */
function loginCache(deps: Pick<SsoDeps, 'prisma' | 'clock'>, accountId: string, loginId: string | null): CacheProvider {
  return {
    async saveAsync(key, value) {
      if (!loginId) return null;
      await deps.prisma.ssoLogin.update({ where: { id: loginId }, data: { samlRequestId: key } });
      return { value, createdAt: deps.clock.now().getTime() };
    },
    async getAsync(key) {
      const row = await deps.prisma.ssoLogin.findUnique({ where: { samlRequestId: key } });
      if (!row || row.protocol !== 'saml') return null;
      if (row.accountId !== accountId) throw new SsoRefusal('audience', "This answer is for another account's service provider.", accountId);
      if (row.usedAt) throw new SsoRefusal('replay', 'This answer was already used (a replayed SAML response is refused).', accountId);
      if (row.expiresAt <= deps.clock.now()) return null;
      return row.createdAt.toISOString();
    },
    async removeAsync() {
      // The row is taken once by the ACS itself (takeSamlLogin), after every check passed.
      return null;
    },
  };
}

/**
 * node-saml configured for one account's SP: its own entity ID (the audience) and ACS URL, the
 * IdP's entity ID (the issuer) and certificates, signed assertions required, InResponseTo always
 * checked unless the owner allowed IdP-initiated sign-in.
 */
export function samlServiceProvider(deps: Pick<SsoDeps, 'prisma' | 'clock' | 'appBaseUrl'>, s: SamlAccountSettings, loginId: string | null = null): SAML {
  const urls = ssoUrls(deps.appBaseUrl, s.accountId);
  if (!s.samlIdpEntityId || !s.samlIdpSsoUrl || s.samlIdpCerts.length === 0)
    throw new SsoRefusal('not_configured', 'This account does not sign in with SAML.', s.accountId);
  return new SAML({
    issuer: urls.samlEntityId,
    callbackUrl: urls.samlAcsUrl,
    audience: urls.samlEntityId,
    entryPoint: s.samlIdpSsoUrl,
    idpIssuer: s.samlIdpEntityId,
    idpCert: s.samlIdpCerts.map(certificatePem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: s.samlAllowIdpInitiated ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_LOGIN_TTL_MS,
    cacheProvider: loginCache(deps, s.accountId, loginId),
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The SP metadata an owner gives their IdP (entity ID, ACS, wants signed assertions). */
export function serviceProviderMetadata(deps: Pick<SsoDeps, 'prisma' | 'clock' | 'appBaseUrl'>, accountId: string): string {
  const urls = ssoUrls(deps.appBaseUrl, accountId);
  return new SAML({
    issuer: urls.samlEntityId,
    callbackUrl: urls.samlAcsUrl,
    idpCert: 'unused for metadata',
    wantAssertionsSigned: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  }).generateServiceProviderMetadata(null, null);
}
