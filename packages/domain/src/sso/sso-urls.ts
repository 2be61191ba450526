/** The service provider's URLs an owner registers at their identity provider (docs/sso.md). */
export function ssoUrls(appBaseUrl: string, accountId: string) {
  const base = appBaseUrl.replace(/\/+$/, '');
  return {
    oidcRedirectUri: `${base}/sso/oidc/callback`,
    samlEntityId: `${base}/sso/saml/${accountId}/metadata`,
    samlAcsUrl: `${base}/sso/saml/${accountId}/acs`,
    samlMetadataUrl: `${base}/sso/saml/${accountId}/metadata`,
    scimBaseUrl: `${base}/scim/v2`,
  };
}
