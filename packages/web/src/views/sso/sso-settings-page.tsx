import { ROLE_LABELS, type Role } from '@upmon/core';
import type { SsoOverview } from '@upmon/domain';
import { CardsTable } from '../cards-table.js';
import { CopyBlock } from '../copy-block.js';
import { CsrfField } from '../csrf-field.js';
import { Checkbox, FormProblems, SelectField, TextArea, TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { Time } from '../time.js';

export interface SsoSettingsPageProps {
  page: PageContext;
  account: { id: string; name: string };
  overview: SsoOverview;
  /** Which form the errors belong to. */
  form?: 'oidc' | 'saml' | 'policy' | 'groups' | 'domain' | 'scim';
  errors?: FormErrors;
  /** What the person typed, to show the form again. */
  values?: Record<string, string>;
  notice?: string;
  /** A SCIM token just created: shown this once. */
  newToken?: { name: string; token: string } | null;
}

const ROLE_CHOICES: Role[] = ['admin', 'member', 'read_only'];

/** The owner's single sign-on page: IdPs, domains, provisioning, SCIM (docs/sso.md). */
export function SsoSettingsPage(p: SsoSettingsPageProps) {
  const o = p.overview;
  const base = `/accounts/${p.account.id}/sso`;
  const errorsFor = (form: SsoSettingsPageProps['form']) => (p.form === form ? (p.errors ?? {}) : {});
  const value = (form: SsoSettingsPageProps['form'], name: string, fallback: string) =>
    p.form === form && p.values?.[name] !== undefined ? p.values[name]! : fallback;
  const groupLines = o.group_roles.map((g) => `${g.group} = ${g.role}`).join('\n');
  return (
    <Layout
      page={p.page}
      title={`Single sign-on · ${p.account.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: p.account.name, href: `/accounts/${p.account.id}` }, { label: 'Single sign-on' }]}
    >
      <h1>Single sign-on</h1>
      {p.notice ? (
        <p class="notice" role="status">
          {p.notice}
        </p>
      ) : null}
      {p.newToken ? (
        <section class="panel" aria-labelledby="new-token">
          <h2 id="new-token">SCIM token “{p.newToken.name}”</h2>
          <p>Give it to your identity provider now: it is shown only this once.</p>
          <CopyBlock id="scim-token" text={p.newToken.token} label="SCIM token" />
        </section>
      ) : null}

      <section aria-labelledby="sp">
        <h2 id="sp">What your identity provider needs</h2>
        <dl class="facts">
          <dt>OpenID Connect redirect URI</dt>
          <dd>
            <CopyBlock id="oidc-redirect" text={o.service_provider.oidc_redirect_uri} label="redirect URI" />
          </dd>
          <dt>SAML entity ID (audience) and metadata</dt>
          <dd>
            <CopyBlock id="saml-entity" text={o.service_provider.saml_entity_id} label="entity ID" />
          </dd>
          <dt>SAML assertion consumer service (ACS)</dt>
          <dd>
            <CopyBlock id="saml-acs" text={o.service_provider.saml_acs_url} label="ACS URL" />
          </dd>
          <dt>SCIM base URL</dt>
          <dd>
            <CopyBlock id="scim-base" text={o.service_provider.scim_base_url} label="SCIM base URL" />
          </dd>
        </dl>
      </section>

      <section aria-labelledby="domains">
        <h2 id="domains">Domains</h2>
        <p class="hint">People sign in through your identity provider only with addresses of verified domains. Publish the TXT record shown, then verify.</p>
        {o.domains.length ? (
          <CardsTable columns={['Domain', 'TXT record', 'Status', '']}>
            {o.domains.map((d) => (
              <tr>
                <td>{d.domain}</td>
                <td data-label="TXT record">
                  <CopyBlock id={`txt-name-${d.id}`} text={d.txt_record_name} label={`name of the TXT record of ${d.domain}`} />
                  <CopyBlock id={`txt-value-${d.id}`} text={d.txt_record_value} label={`value of the TXT record of ${d.domain}`} />
                </td>
                <td data-label="Status">
                  {d.verified ? (
                    <>● verified {d.verified_at ? <Time at={new Date(d.verified_at)} /> : null}</>
                  ) : (
                    <>○ not verified{d.last_error ? <span class="error">: {d.last_error}</span> : null}</>
                  )}
                </td>
                <td data-label="Actions">
                  {d.verified ? null : (
                    <PostButton action={`${base}/domains/${d.id}/verify`} csrf={p.page.csrf}>
                      Verify {d.domain}
                    </PostButton>
                  )}{' '}
                  <PostButton action={`${base}/domains/${d.id}/delete`} csrf={p.page.csrf} variant="danger">
                    Remove {d.domain}
                  </PostButton>
                </td>
              </tr>
            ))}
          </CardsTable>
        ) : (
          <p class="muted">No domain yet.</p>
        )}
        <form method="post" action={`${base}/domains`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('domain')} fields={['domain']} />
          <TextField
            name="domain"
            label="Domain"
            value={value('domain', 'domain', '')}
            required
            maxLength={253}
            placeholder="example.com"
            errors={errorsFor('domain')}
          />
          <button type="submit">Add domain</button>
        </form>
      </section>

      <section aria-labelledby="oidc">
        <h2 id="oidc">OpenID Connect</h2>
        <form method="post" action={`${base}/oidc`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('oidc')} fields={['issuer', 'client_id', 'client_secret']} />
          <TextField
            name="issuer"
            label="Issuer URL"
            type="url"
            value={value('oidc', 'issuer', o.oidc?.issuer ?? '')}
            required
            maxLength={1000}
            hint="Its /.well-known/openid-configuration is read to find the endpoints and keys."
            errors={errorsFor('oidc')}
          />
          <TextField
            name="client_id"
            label="Client ID"
            value={value('oidc', 'client_id', o.oidc?.client_id ?? '')}
            required
            maxLength={255}
            errors={errorsFor('oidc')}
          />
          <TextField
            name="client_secret"
            label="Client secret"
            type="password"
            autocomplete="off"
            maxLength={1000}
            hint={o.oidc?.has_client_secret ? 'Stored encrypted; leave empty to keep it.' : 'Stored encrypted, never shown again.'}
            errors={errorsFor('oidc')}
          />
          <Checkbox name="enabled" label="Sign in with OpenID Connect" checked={o.oidc ? o.oidc.enabled : true} />
          <button type="submit" class="primary">
            Save OpenID Connect
          </button>
        </form>
        {o.oidc ? (
          <PostButton action={`${base}/oidc/delete`} csrf={p.page.csrf} variant="danger">
            Remove OpenID Connect
          </PostButton>
        ) : null}
      </section>

      <section aria-labelledby="saml">
        <h2 id="saml">SAML 2.0</h2>
        {o.saml ? (
          <p>
            Identity provider <code>{o.saml.idp_entity_id}</code>, {o.saml.certificates} signing certificate{o.saml.certificates === 1 ? '' : 's'}.
          </p>
        ) : null}
        <form method="post" action={`${base}/saml`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('saml')} fields={['metadata_url', 'metadata_xml']} />
          <TextField
            name="metadata_url"
            label="IdP metadata URL"
            type="url"
            value={value('saml', 'metadata_url', o.saml?.metadata_url ?? '')}
            maxLength={1000}
            errors={errorsFor('saml')}
          />
          <TextArea
            name="metadata_xml"
            label="Or the IdP metadata XML"
            rows={4}
            maxLength={200000}
            value={value('saml', 'metadata_xml', '')}
            hint={o.saml ? 'Leave both empty to keep the metadata read before.' : undefined}
            errors={errorsFor('saml')}
          />
          <Checkbox name="enabled" label="Sign in with SAML" checked={o.saml ? o.saml.enabled : true} />
          <Checkbox
            name="allow_idp_initiated"
            label="Accept sign-ins started at the identity provider (IdP-initiated)"
            checked={o.saml?.allow_idp_initiated ?? false}
          />
          <button type="submit" class="primary">
            Save SAML
          </button>
        </form>
        {o.saml ? (
          <PostButton action={`${base}/saml/delete`} csrf={p.page.csrf} variant="danger">
            Remove SAML
          </PostButton>
        ) : null}
      </section>

      <section aria-labelledby="policy">
        <h2 id="policy">Provisioning and sign-in policy</h2>
        <form method="post" action={`${base}/policy`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('policy')} fields={['default_role', 'groups_claim', 'sso_required', 'break_glass_user_id']} />
          <Checkbox name="jit_enabled" label="Add people of verified domains at their first SSO sign-in (just-in-time)" checked={o.policy.jit_enabled} />
          <SelectField
            name="default_role"
            label="Their role when no group mapping names them"
            value={o.policy.default_role}
            options={ROLE_CHOICES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            errors={errorsFor('policy')}
          />
          <TextField name="groups_claim" label="Groups claim or attribute" value={o.policy.groups_claim} maxLength={100} errors={errorsFor('policy')} />
          <SelectField
            name="break_glass_user_id"
            label="Break-glass owner"
            value={o.policy.break_glass_user_id ?? ''}
            options={[{ value: '', label: 'None' }, ...o.owners.map((w) => ({ value: w.user_id, label: w.email }))]}
            hint="An owner with a password and two-factor authentication who can still sign in when the identity provider cannot."
            errors={errorsFor('policy')}
          />
          <Checkbox
            name="sso_required"
            label="Require SSO: refuse passwords and e-mailed links for members (the break-glass owner excepted)"
            checked={o.policy.sso_required}
            errors={errorsFor('policy')}
          />
          <button type="submit" class="primary">
            Save policy
          </button>
        </form>
      </section>

      <section aria-labelledby="groups">
        <h2 id="groups">Group → role mappings</h2>
        <form method="post" action={`${base}/group-roles`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('groups')} fields={['mappings']} />
          <TextArea
            name="mappings"
            label="One mapping a line: group = role"
            rows={4}
            maxLength={20000}
            value={value('groups', 'mappings', groupLines)}
            hint="Roles: owner, admin, member, read_only. A person in several mapped groups gets the highest role."
            errors={errorsFor('groups')}
          />
          <button type="submit">Save mappings</button>
        </form>
      </section>

      <section aria-labelledby="scim">
        <h2 id="scim">SCIM provisioning</h2>
        {o.scim_tokens.length ? (
          <CardsTable columns={['Name', 'Prefix', 'Created', 'Last used', '']}>
            {o.scim_tokens.map((t) => (
              <tr>
                <td>{t.name}</td>
                <td data-label="Prefix">
                  <code>{t.prefix}…</code>
                </td>
                <td data-label="Created">
                  <Time at={new Date(t.created_at)} />
                </td>
                <td data-label="Last used">{t.last_used_at ? <Time at={new Date(t.last_used_at)} /> : 'never'}</td>
                <td data-label="Actions">
                  {t.revoked_at ? (
                    'revoked'
                  ) : (
                    <PostButton action={`${base}/scim-tokens/${t.id}/revoke`} csrf={p.page.csrf} variant="danger">
                      Revoke {t.name}
                    </PostButton>
                  )}
                </td>
              </tr>
            ))}
          </CardsTable>
        ) : null}
        <form method="post" action={`${base}/scim-tokens`} class="stack">
          <CsrfField token={p.page.csrf} />
          <FormProblems errors={errorsFor('scim')} fields={['name']} />
          <TextField name="name" label="Token name" value="" required maxLength={60} placeholder="Okta" errors={errorsFor('scim')} />
          <button type="submit">Create SCIM token</button>
        </form>
      </section>
    </Layout>
  );
}
