import { Joi } from '@upmon/bounded-joi';
import type BaseJoi from 'joi';
import { ApiError } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';

const url = (what: string) =>
  Joi.string()
    .max(1000)
    .uri({ scheme: ['https', 'http'] })
    .messages({ 'string.uri': `must be the ${what} URL (https://…)`, 'string.uriCustomScheme': `must be the ${what} URL (https://…)` });

/** An owner's OpenID Connect settings (PUT /api/v1/sso/oidc, the SSO page's form). */
export const oidcSettingsSchema = Joi.object({
  enabled: Joi.boolean().default(true),
  issuer: url('issuer').required().description('The issuer URL; its /.well-known/openid-configuration is read (through the outbound guard)'),
  client_id: Joi.string().min(1).max(255).required().description('The client id upmon has at the identity provider'),
  client_secret: Joi.string()
    .min(1)
    .max(1000)
    .allow(null)
    .description('The client secret (stored encrypted, never shown again); leave out to keep the one stored'),
});

/** An owner's SAML settings: the IdP's metadata by URL or as XML. */
export const samlSettingsSchema = Joi.object({
  enabled: Joi.boolean().default(true),
  metadata_url: url('metadata').allow(null).description("Where the IdP's metadata is (read through the outbound guard)"),
  metadata_xml: Joi.string().min(1).max(200_000).allow(null).description("The IdP's metadata XML, pasted"),
  allow_idp_initiated: Joi.boolean().default(false).description('Accept sign-ins the IdP starts (off: only sign-ins started at upmon)'),
}).oxor('metadata_url', 'metadata_xml');

/** JIT provisioning, SSO required and the break-glass owner. */
export const ssoPolicySchema = Joi.object({
  jit_enabled: Joi.boolean().required().description('A person of a verified domain joins the account at their first SSO sign-in'),
  default_role: Joi.string().valid('admin', 'member', 'read_only').required().description('Their role when no group mapping names them'),
  groups_claim: Joi.string()
    .min(1)
    .max(100)
    .pattern(/^[A-Za-z0-9_:./-]+$/)
    .default('groups')
    .messages({ 'string.pattern.base': 'must be a claim or attribute name (letters, digits, _ : . / -)' })
    .description('The ID token claim (OIDC) or attribute (SAML) listing the groups'),
  sso_required: Joi.boolean().required().description('Refuse password and e-mailed-link sign-in for members (the break-glass owner excepted)'),
  break_glass_user_id: Joi.string()
    .guid()
    .max(36)
    .allow(null)
    .required()
    .description('An owner with a password and two-factor who may still sign in with them'),
});

/** IdP group → upmon role. */
export const groupRolesSchema = Joi.object({
  mappings: Joi.array()
    .items(
      Joi.object({
        group: Joi.string().min(1).max(200).required(),
        role: Joi.string().valid('owner', 'admin', 'member', 'read_only').required(),
      }),
    )
    .max(50)
    .unique('group')
    .required(),
});

/** A domain an account claims. */
export const ssoDomainSchema = Joi.object({
  domain: Joi.string()
    .max(253)
    .domain({ tlds: false, minDomainSegments: 2 })
    .required()
    .messages({ 'string.domain': 'must be a domain name such as example.com' }),
});

/** A SCIM token's name. */
export const scimTokenSchema = Joi.object({
  name: Joi.string().min(1).max(60).required(),
});

export type OidcSettingsInput = { enabled: boolean; issuer: string; client_id: string; client_secret?: string | null };
export type SamlSettingsInput = { enabled: boolean; metadata_url?: string | null; metadata_xml?: string | null; allow_idp_initiated: boolean };
export type SsoPolicyInput = {
  jit_enabled: boolean;
  default_role: 'admin' | 'member' | 'read_only';
  groups_claim: string;
  sso_required: boolean;
  break_glass_user_id: string | null;
};
export type GroupRolesInput = { mappings: { group: string; role: 'owner' | 'admin' | 'member' | 'read_only' }[] };

/** Validates a request body against one of the schemas above: 422 naming each field, else the value. */
export function validateSsoInput<T>(schema: BaseJoi.ObjectSchema, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('bad_request', 'the body must be a JSON object');
  const { value, error } = schema.validate(body, { ...BODY_OPTIONS, convert: true });
  if (error) throw ApiError.validation(fieldErrorsOf(error));
  return value as T;
}

/** Refuses plain-http IdP URLs unless the operator allowed them (SSO_ALLOW_HTTP). */
export function requireHttps(field: string, value: string | null | undefined, allowHttp: boolean): void {
  if (value && !allowHttp && !value.toLowerCase().startsWith('https://'))
    throw ApiError.validation({ [field]: ['must be an https URL (this server does not allow identity providers over plain http)'] });
}
