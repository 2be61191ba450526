import type { PrismaClient } from '@upmon/db';
import { hasSecondFactor } from '@upmon/user-store';
import { verificationRecord } from './add-sso-domain.js';
import { ssoUrls } from './sso-urls.js';
import { isoTimestamp } from '../timestamps.js';

/** The account whose verified domain an address is of, and how it signs in; null when none. */
export async function findSsoForEmail(prisma: PrismaClient, email: string) {
  const at = email.lastIndexOf('@');
  if (at < 1 || email.length > 254) return null;
  const domain = email.slice(at + 1).toLowerCase();
  const row = await prisma.ssoDomain.findFirst({
    where: { domain, verifiedAt: { not: null } },
    include: { account: { select: { id: true, name: true, ssoSettings: true } } },
  });
  const s = row?.account.ssoSettings;
  if (!row || !s || (!s.oidcEnabled && !s.samlEnabled)) return null;
  return { accountId: row.account.id, accountName: row.account.name, protocol: s.oidcEnabled ? ('oidc' as const) : ('saml' as const) };
}

/**
 * The first account of `userId` that requires SSO and so refuses their password or e-mailed link,
 * or null. Its break-glass owner is let through only with two-factor authentication on (the
 * password then leads to the second step as usual).
 */
export async function accountRequiringSso(prisma: PrismaClient, userId: string): Promise<{ accountId: string; accountName: string } | null> {
  const rows = await prisma.ssoSettings.findMany({
    where: { ssoRequired: true, account: { memberships: { some: { userId } } } },
    include: { account: { select: { name: true } } },
  });
  for (const r of rows) {
    if (r.breakGlassUserId === userId && (await hasSecondFactor(prisma, userId))) continue;
    return { accountId: r.accountId, accountName: r.account.name };
  }
  return null;
}

/** Everything the SSO page and GET /api/v1/sso show (never the client secret or a SCIM token). */
export async function readSsoOverview(prisma: PrismaClient, appBaseUrl: string, accountId: string) {
  const [s, domains, tokens, owners] = await Promise.all([
    prisma.ssoSettings.findUnique({ where: { accountId }, include: { groupRoles: { orderBy: { groupName: 'asc' } } } }),
    prisma.ssoDomain.findMany({ where: { accountId }, orderBy: { domain: 'asc' } }),
    prisma.scimToken.findMany({ where: { accountId }, orderBy: { createdAt: 'desc' } }),
    prisma.membership.findMany({ where: { accountId, role: 'owner' }, include: { user: { select: { id: true, email: true } } } }),
  ]);
  const urls = ssoUrls(appBaseUrl, accountId);
  return {
    service_provider: {
      oidc_redirect_uri: urls.oidcRedirectUri,
      saml_entity_id: urls.samlEntityId,
      saml_acs_url: urls.samlAcsUrl,
      saml_metadata_url: urls.samlMetadataUrl,
      scim_base_url: urls.scimBaseUrl,
    },
    oidc: s?.oidcIssuer ? { enabled: s.oidcEnabled, issuer: s.oidcIssuer, client_id: s.oidcClientId ?? '', has_client_secret: !!s.oidcClientSecret } : null,
    saml: s?.samlIdpEntityId
      ? {
          enabled: s.samlEnabled,
          idp_entity_id: s.samlIdpEntityId,
          idp_sso_url: s.samlIdpSsoUrl ?? '',
          metadata_url: s.samlMetadataUrl,
          certificates: s.samlIdpCerts.length,
          allow_idp_initiated: s.samlAllowIdpInitiated,
        }
      : null,
    policy: {
      jit_enabled: s?.jitEnabled ?? true,
      default_role: s?.defaultRole ?? 'member',
      groups_claim: s?.groupsClaim ?? 'groups',
      sso_required: s?.ssoRequired ?? false,
      break_glass_user_id: s?.breakGlassUserId ?? null,
    },
    group_roles: (s?.groupRoles ?? []).map((g) => ({ group: g.groupName, role: g.role })),
    domains: domains.map((d) => {
      const record = verificationRecord(d.domain, d.verificationToken);
      return {
        id: d.id,
        domain: d.domain,
        verified: d.verifiedAt !== null,
        verified_at: d.verifiedAt ? isoTimestamp(d.verifiedAt) : null,
        last_checked_at: d.lastCheckedAt ? isoTimestamp(d.lastCheckedAt) : null,
        last_error: d.lastError,
        txt_record_name: record.name,
        txt_record_value: record.value,
      };
    }),
    scim_tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      created_at: isoTimestamp(t.createdAt),
      last_used_at: t.lastUsedAt ? isoTimestamp(t.lastUsedAt) : null,
      revoked_at: t.revokedAt ? isoTimestamp(t.revokedAt) : null,
    })),
    owners: owners.map((o) => ({ user_id: o.user.id, email: o.user.email })),
  };
}

export type SsoOverview = Awaited<ReturnType<typeof readSsoOverview>>;
