import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { guardedFetch } from './guarded-fetch.js';
import { parseIdpMetadata, type IdpMetadata } from './saml-metadata.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';
import { requireHttps, type SamlSettingsInput } from './sso-input.js';

/** Reads the IdP's metadata from its URL through the outbound guard. */
async function fetchMetadata(deps: SsoDeps, url: string): Promise<string> {
  let res: Response;
  try {
    res = await guardedFetch(deps.guard)(url, { headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
  } catch {
    throw ApiError.validation({ metadata_url: ['could not be read (no answer, or an address upmon may not reach)'] });
  }
  if (res.status !== 200) throw ApiError.validation({ metadata_url: [`answered HTTP ${res.status}, not the metadata`] });
  return res.text();
}

/**
 * Saves an account's SAML IdP: its metadata, read from the URL (through the outbound guard) or
 * pasted, must name the IdP's entity ID, its HTTP-Redirect sign-on URL and a signing certificate.
 */
export async function saveSamlSettings(deps: SsoDeps, accountId: string, actor: Actor, input: SamlSettingsInput): Promise<IdpMetadata> {
  const existing = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  let metadata: IdpMetadata | null = null;
  if (input.metadata_url) {
    requireHttps('metadata_url', input.metadata_url, deps.allowHttp);
    metadata = parseIdpMetadata(await fetchMetadata(deps, input.metadata_url), 'metadata_url');
  } else if (input.metadata_xml) metadata = parseIdpMetadata(input.metadata_xml, 'metadata_xml');
  else if (!existing?.samlIdpEntityId) throw ApiError.validation({ metadata_url: ["give the IdP's metadata URL, or paste its XML"] });
  if (metadata) requireHttps('metadata_url', metadata.ssoUrl, deps.allowHttp);
  const data = {
    samlEnabled: input.enabled,
    samlAllowIdpInitiated: input.allow_idp_initiated,
    ...(metadata
      ? { samlMetadataUrl: input.metadata_url ?? null, samlIdpEntityId: metadata.entityId, samlIdpSsoUrl: metadata.ssoUrl, samlIdpCerts: metadata.certs }
      : {}),
  };
  await deps.prisma.$transaction(async (tx) => {
    await tx.ssoSettings.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
    const entity = metadata?.entityId ?? existing?.samlIdpEntityId ?? '';
    await recordSsoEvent(
      tx,
      accountId,
      actor,
      'sso.saml_update',
      `${entity} (${input.enabled ? 'on' : 'off'}, IdP-initiated ${input.allow_idp_initiated ? 'on' : 'off'})`,
    );
  });
  return metadata ?? { entityId: existing!.samlIdpEntityId!, ssoUrl: existing!.samlIdpSsoUrl!, certs: existing!.samlIdpCerts };
}
