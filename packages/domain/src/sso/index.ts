// Single sign-on (docs/sso.md): an account's OpenID Connect and SAML identity providers, its
// domains, JIT provisioning, group → role mappings and "SSO required".
export * from './add-sso-domain.js';
export * from './finish-oidc-sign-in.js';
export * from './finish-saml-browser.js';
export * from './finish-saml-sign-in.js';
export * from './provision-sso-user.js';
export * from './remove-oidc-settings.js';
export * from './remove-saml-settings.js';
export * from './remove-sso-domain.js';
export * from './saml-service-provider.js';
export * from './save-group-roles.js';
export * from './save-oidc-settings.js';
export * from './save-saml-settings.js';
export * from './save-sso-policy.js';
export * from './sso-audit.js';
export * from './sso-deps.js';
export * from './sso-input.js';
export * from './sso-reads.js';
export * from './sso-refusal.js';
export * from './sso-urls.js';
export * from './start-oidc-sign-in.js';
export * from './start-saml-sign-in.js';
export * from './verify-sso-domain.js';
