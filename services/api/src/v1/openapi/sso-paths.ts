/**
 * GET /sso in the OpenAPI document (docs/sso.md, "REST API"): the account's single sign-on as the
 * owner's page shows it. Kept apart from document.ts so the SSO contract reads in one place.
 */
const nullableDate = { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] };
const ROLES = ['owner', 'admin', 'member', 'read_only'];

export const SSO_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['service_provider', 'oidc', 'saml', 'policy', 'group_roles', 'domains', 'scim_tokens', 'owners'],
  properties: {
    service_provider: {
      type: 'object',
      additionalProperties: false,
      required: ['oidc_redirect_uri', 'saml_entity_id', 'saml_acs_url', 'saml_metadata_url', 'scim_base_url'],
      description: 'What to register at the identity provider',
      properties: {
        oidc_redirect_uri: { type: 'string', format: 'uri' },
        saml_entity_id: { type: 'string', format: 'uri' },
        saml_acs_url: { type: 'string', format: 'uri' },
        saml_metadata_url: { type: 'string', format: 'uri' },
        scim_base_url: { type: 'string', format: 'uri' },
      },
    },
    oidc: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['enabled', 'issuer', 'client_id', 'has_client_secret'],
          properties: { enabled: { type: 'boolean' }, issuer: { type: 'string' }, client_id: { type: 'string' }, has_client_secret: { type: 'boolean' } },
        },
        { type: 'null' },
      ],
      description: 'OpenID Connect (the client secret is never returned)',
    },
    saml: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['enabled', 'idp_entity_id', 'idp_sso_url', 'metadata_url', 'certificates', 'allow_idp_initiated'],
          properties: {
            enabled: { type: 'boolean' },
            idp_entity_id: { type: 'string' },
            idp_sso_url: { type: 'string' },
            metadata_url: { type: ['string', 'null'] },
            certificates: { type: 'integer', description: "How many signing certificates the IdP's metadata lists" },
            allow_idp_initiated: { type: 'boolean' },
          },
        },
        { type: 'null' },
      ],
    },
    policy: {
      type: 'object',
      additionalProperties: false,
      required: ['jit_enabled', 'default_role', 'groups_claim', 'sso_required', 'break_glass_user_id'],
      properties: {
        jit_enabled: { type: 'boolean' },
        default_role: { enum: ROLES },
        groups_claim: { type: 'string' },
        sso_required: { type: 'boolean' },
        break_glass_user_id: { type: ['string', 'null'], format: 'uuid' },
      },
    },
    group_roles: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['group', 'role'], properties: { group: { type: 'string' }, role: { enum: ROLES } } },
    },
    domains: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'domain', 'verified', 'verified_at', 'last_checked_at', 'last_error', 'txt_record_name', 'txt_record_value'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          domain: { type: 'string' },
          verified: { type: 'boolean' },
          verified_at: nullableDate,
          last_checked_at: nullableDate,
          last_error: { type: ['string', 'null'] },
          txt_record_name: { type: 'string' },
          txt_record_value: { type: 'string' },
        },
      },
    },
    scim_tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string' },
          prefix: { type: 'string' },
          created_at: { type: 'string', format: 'date-time' },
          last_used_at: nullableDate,
          revoked_at: nullableDate,
        },
      },
    },
    owners: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['user_id', 'email'],
        properties: { user_id: { type: 'string', format: 'uuid' }, email: { type: 'string' } },
      },
    },
  },
};

export function ssoPaths(errors: Record<number, unknown>) {
  return {
    '/sso': {
      get: {
        operationId: 'getSso',
        description:
          "An addition to the spec: the single sign-on of the key's account (docs/sso.md): the service provider's URLs, the OpenID Connect and SAML " +
          'identity providers (never the client secret), JIT provisioning and "SSO required", group → role mappings, domains with their TXT ' +
          'records and verification state, SCIM tokens (prefixes only). Read-write keys only (403 for read-only keys). Changes are made by an ' +
          'owner in the web app: an API key belongs to a project and carries no role, and SSO settings decide who becomes an owner.',
        responses: {
          200: {
            description: 'The SSO settings',
            content: { 'application/json': { schema: { type: 'object', additionalProperties: false, required: ['data'], properties: { data: SSO_SCHEMA } } } },
          },
          401: errors[401],
          403: errors[403],
          429: errors[429],
          500: errors[500],
        },
      },
    },
  };
}
