import {
  addSsoDomain,
  groupRolesSchema,
  issueScimToken,
  oidcSettingsSchema,
  readSsoOverview,
  removeOidcSettings,
  removeSamlSettings,
  removeSsoDomain,
  revokeScimToken,
  samlSettingsSchema,
  saveGroupRoles,
  saveOidcSettings,
  saveSamlSettings,
  saveSsoPolicy,
  scimTokenSchema,
  ssoDomainSchema,
  ssoPolicySchema,
  validateSsoInput,
  verifySsoDomain,
  type GroupRolesInput,
  type OidcSettingsInput,
  type SamlSettingsInput,
  type SsoPolicyInput,
} from '@upmon/domain';
import { Router, type Request, type Response } from 'express';
import { formErrorsOf } from '../http/form-errors.js';
import { noticeOf } from '../http/notice.js';
import { uuidParam, viewerActor } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound, WebError } from '../http/web-error.js';
import { asForm, checked, field, type FormBody } from '../forms/form-values.js';
import { SsoSettingsPage, type SsoSettingsPageProps } from '../views/sso/sso-settings-page.js';
import type { WebContext } from '../web-context.js';

const NOTICES: Record<string, string> = {
  oidc: 'OpenID Connect saved.',
  'oidc-removed': 'OpenID Connect removed.',
  saml: 'SAML saved.',
  'saml-removed': 'SAML removed.',
  policy: 'Policy saved.',
  groups: 'Group mappings saved.',
  domain: 'Domain added: publish its TXT record, then verify it.',
  verified: 'Domain verified.',
  'not-verified': 'The domain is not verified yet: see why beside it.',
  'domain-removed': 'Domain removed.',
  revoked: 'SCIM token revoked.',
};

/** "group = role" lines → the API's mappings (a line without "=" is kept whole, for the role's message). */
function mappingsOf(text: string): { group: string; role: string }[] {
  return text
    .split(/\r?\n/)
    .slice(0, 60)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => {
      const eq = l.lastIndexOf('=');
      return eq < 0 ? { group: l, role: '' } : { group: l.slice(0, eq).trim(), role: l.slice(eq + 1).trim() };
    });
}

/** The owner's SSO page and its forms (`/accounts/<id>/sso`); every change goes through the domain's verbs and the audit log. */
export function ssoSettingsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/accounts/:id/sso', requireViewer);

  const ownerOf = (req: Request, res: Response) => {
    const viewer = viewerOf(res) as Viewer;
    const m = viewer.memberships.find((x) => x.accountId === uuidParam(req.params.id));
    if (!m) throw notFound();
    if (m.role !== 'owner') throw new WebError(403, 'Only owners set up single sign-on.');
    return { viewer, m, base: `/accounts/${m.accountId}/sso` };
  };

  const show = async (req: Request, res: Response, extra: Partial<SsoSettingsPageProps> = {}, status = 200) => {
    const { m } = ownerOf(req, res);
    const overview = await readSsoOverview(ctx.prisma, ctx.config.appBaseUrl, m.accountId);
    sendPage(
      res,
      <SsoSettingsPage page={pageContext(res, ctx.assets)} account={{ id: m.accountId, name: m.accountName }} overview={overview} {...extra} />,
      status,
    );
  };

  /** Runs a change; a refusal the person caused shows the page again with the form's messages. */
  const change =
    (form: SsoSettingsPageProps['form'], run: (req: Request, res: Response, body: FormBody) => Promise<string>) => async (req: Request, res: Response) => {
      const { base } = ownerOf(req, res);
      const body = asForm(req.body);
      try {
        const done = await run(req, res, body);
        res.redirect(303, `${base}?done=${done}`);
      } catch (err) {
        const { errors, status } = formErrorsOf(err);
        const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : (v ?? '')]));
        delete values.client_secret;
        await show(req, res, { form, errors, values }, status);
      }
    };

  r.get('/accounts/:id/sso', async (req, res) => show(req, res, { notice: noticeOf(NOTICES, req.query.done) }));

  r.post(
    '/accounts/:id/sso/oidc',
    change('oidc', async (req, res, body) => {
      const { viewer, m } = ownerOf(req, res);
      const input = validateSsoInput<OidcSettingsInput>(oidcSettingsSchema, {
        enabled: checked(body, 'enabled'),
        issuer: field(body, 'issuer').trim(),
        client_id: field(body, 'client_id').trim(),
        ...(field(body, 'client_secret') ? { client_secret: field(body, 'client_secret') } : {}),
      });
      await saveOidcSettings(ctx.sso, m.accountId, viewerActor(viewer), input);
      return 'oidc';
    }),
  );
  r.post(
    '/accounts/:id/sso/oidc/delete',
    change('oidc', async (req, res) => {
      const { viewer, m } = ownerOf(req, res);
      await removeOidcSettings(ctx.sso, m.accountId, viewerActor(viewer));
      return 'oidc-removed';
    }),
  );
  r.post(
    '/accounts/:id/sso/saml',
    change('saml', async (req, res, body) => {
      const { viewer, m } = ownerOf(req, res);
      const url = field(body, 'metadata_url').trim();
      const xml = field(body, 'metadata_xml').trim();
      const input = validateSsoInput<SamlSettingsInput>(samlSettingsSchema, {
        enabled: checked(body, 'enabled'),
        allow_idp_initiated: checked(body, 'allow_idp_initiated'),
        ...(xml ? { metadata_xml: xml } : url ? { metadata_url: url } : {}),
      });
      await saveSamlSettings(ctx.sso, m.accountId, viewerActor(viewer), input);
      return 'saml';
    }),
  );
  r.post(
    '/accounts/:id/sso/saml/delete',
    change('saml', async (req, res) => {
      const { viewer, m } = ownerOf(req, res);
      await removeSamlSettings(ctx.sso, m.accountId, viewerActor(viewer));
      return 'saml-removed';
    }),
  );
  r.post(
    '/accounts/:id/sso/policy',
    change('policy', async (req, res, body) => {
      const { viewer, m } = ownerOf(req, res);
      const input = validateSsoInput<SsoPolicyInput>(ssoPolicySchema, {
        jit_enabled: checked(body, 'jit_enabled'),
        default_role: field(body, 'default_role'),
        groups_claim: field(body, 'groups_claim').trim() || 'groups',
        sso_required: checked(body, 'sso_required'),
        break_glass_user_id: field(body, 'break_glass_user_id') || null,
      });
      await saveSsoPolicy(ctx.sso, m.accountId, viewerActor(viewer), input);
      return 'policy';
    }),
  );
  r.post(
    '/accounts/:id/sso/group-roles',
    change('groups', async (req, res, body) => {
      const { viewer, m } = ownerOf(req, res);
      const input = validateSsoInput<GroupRolesInput>(groupRolesSchema, { mappings: mappingsOf(field(body, 'mappings')) });
      await saveGroupRoles(ctx.sso, m.accountId, viewerActor(viewer), input);
      return 'groups';
    }),
  );
  r.post(
    '/accounts/:id/sso/domains',
    change('domain', async (req, res, body) => {
      const { viewer, m } = ownerOf(req, res);
      const { domain } = validateSsoInput<{ domain: string }>(ssoDomainSchema, { domain: field(body, 'domain').trim() });
      await addSsoDomain(ctx.sso, m.accountId, viewerActor(viewer), domain);
      return 'domain';
    }),
  );
  r.post(
    '/accounts/:id/sso/domains/:domainId/verify',
    change('domain', async (req, res) => {
      const { viewer, m } = ownerOf(req, res);
      const row = await verifySsoDomain(ctx.sso, m.accountId, viewerActor(viewer), uuidParam(req.params.domainId));
      return row.verifiedAt ? 'verified' : 'not-verified';
    }),
  );
  r.post(
    '/accounts/:id/sso/domains/:domainId/delete',
    change('domain', async (req, res) => {
      const { viewer, m } = ownerOf(req, res);
      await removeSsoDomain(ctx.sso, m.accountId, viewerActor(viewer), uuidParam(req.params.domainId));
      return 'domain-removed';
    }),
  );
  r.post(
    '/accounts/:id/sso/scim-tokens/:tokenId/revoke',
    change('scim', async (req, res) => {
      const { viewer, m } = ownerOf(req, res);
      await revokeScimToken(ctx.prisma, m.accountId, viewerActor(viewer), uuidParam(req.params.tokenId), ctx.clock.now());
      return 'revoked';
    }),
  );
  // A new token is shown once: the page itself, not a redirect (like a new API key).
  r.post('/accounts/:id/sso/scim-tokens', async (req, res) => {
    const { viewer, m } = ownerOf(req, res);
    const body = asForm(req.body);
    try {
      const { name } = validateSsoInput<{ name: string }>(scimTokenSchema, { name: field(body, 'name').trim() });
      const created = await issueScimToken(ctx.prisma, m.accountId, viewerActor(viewer), name);
      await show(req, res, { newToken: { name: created.name, token: created.token } }, 201);
    } catch (err) {
      const { errors, status } = formErrorsOf(err);
      await show(req, res, { form: 'scim', errors }, status);
    }
  });
  return r;
}
