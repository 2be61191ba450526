import { mayAssignRole, planLimits, ROLE_LABELS, ROLES, roleAllows, type PlanName, type Role } from '@upmon/core';
import { CardsTable } from '../cards-table.js';
import { CopyBlock } from '../copy-block.js';
import { CsrfField } from '../csrf-field.js';
import { SelectField, TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { Time } from '../time.js';

export interface AccountPageProps {
  page: PageContext;
  account: { id: string; name: string; plan: PlanName };
  role: Role;
  viewerId: string;
  usage: { total: number; projects: { id: string; name: string; checks: number }[] };
  members: { userId: string; name: string; email: string; role: Role; hasPassword: boolean; hasTwoFactor: boolean }[];
  /** Members must have two-factor authentication. */
  requireTwoFactor: boolean;
  invitations: { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date }[];
  mailConfigured: boolean;
  errors: FormErrors;
  /** An invitation link to pass on by hand (no SMTP, or the e-mail failed): shown once, to who made it. */
  invite?: { link: string; why: 'no_mail' | 'mail_failed' };
  notice?: string;
}

const roleOptions = (actor: Role, target: Role | null) =>
  ROLES.filter((r) => mayAssignRole(actor, target, r)).map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export function AccountPage(p: AccountPageProps) {
  const limits = planLimits(p.account.plan);
  const manage = roleAllows(p.role, 'members.manage');
  const pct = Math.min(100, Math.round((p.usage.total / limits.checkQuota) * 100));
  const base = `/accounts/${p.account.id}`;
  return (
    <Layout page={p.page} title={`Account · ${p.account.name}`} crumbs={[{ label: 'Projects', href: '/projects' }, { label: p.account.name }]}>
      <h1>{p.account.name}</h1>
      {p.notice ? (
        <p class="notice" role="status">
          {p.notice}
        </p>
      ) : null}
      <section class="panel" aria-labelledby="h-plan">
        <h2 id="h-plan" class="first">
          Plan and usage
        </h2>
        <dl class="facts">
          <dt>Plan</dt>
          <dd>
            <strong>{p.account.plan}</strong> · REST API {limits.apiAccess ? 'included' : 'not included (Pro and Business plans)'}
          </dd>
          <dt>Checks</dt>
          <dd>
            {p.usage.total} of {limits.checkQuota.toLocaleString('en-US')} used
            <div class="usage-bar" role="img" aria-label={`${pct}% of the check quota used`}>
              <span class={`w-${Math.ceil(pct / 5) * 5}`} />
            </div>
          </dd>
        </dl>
        {p.usage.projects.length ? (
          <ul class="project-list">
            {p.usage.projects.map((x) => (
              <li>
                <a href={`/projects/${x.id}`}>{x.name}</a> <span class="muted">{x.checks} checks</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p class="hint">Plans are changed by the operator (admin CLI: account set-plan).</p>
        {roleAllows(p.role, 'audit_log.read') ? (
          <p>
            <a href={`${base}/audit-log`}>Audit log</a> <span class="muted">(sign-ins, keys, members and what was created or deleted)</span>
          </p>
        ) : null}
        {p.role === 'owner' ? (
          <p>
            <a href={`${base}/sso`}>Single sign-on</a> <span class="muted">(OpenID Connect, SAML, domains, SCIM provisioning)</span>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="h-members">
        <h2 id="h-members">Members</h2>
        <CardsTable columns={['Name', 'E-mail', 'Role', manage && 'Change']}>
          {p.members.map((m) => {
            const options = roleOptions(p.role, m.role);
            return (
              <tr>
                <td>
                  {m.name}
                  {m.userId === p.viewerId ? <span class="muted"> (you)</span> : null}
                </td>
                <td data-label="E-mail">
                  {m.email}
                  {!m.hasPassword ? <span class="muted"> · has not set a password</span> : null}
                  <span class="muted"> · two-factor {m.hasTwoFactor ? 'on' : 'off'}</span>
                  {m.hasTwoFactor && p.role === 'owner' ? (
                    <PostButton action={`${base}/members/${m.userId}/two-factor/remove`} csrf={p.page.csrf} variant="secondary">
                      {`Remove two-factor of ${m.name}`}
                    </PostButton>
                  ) : null}
                </td>
                <td data-label="Role">{ROLE_LABELS[m.role]}</td>
                {manage ? (
                  <td data-label="Change">
                    {options.length && mayAssignRole(p.role, m.role, m.role) ? (
                      <div class="key-actions">
                        <form method="post" action={`${base}/members/${m.userId}/role`} class="inline-form">
                          <CsrfField token={p.page.csrf} />
                          <SelectField name="role" label={`Role of ${m.name}`} value={m.role} options={options} />
                          <button type="submit" class="small">
                            Change role
                          </button>
                        </form>
                        <PostButton action={`${base}/members/${m.userId}/remove`} csrf={p.page.csrf} variant="danger">
                          {m.userId === p.viewerId ? 'Leave account' : 'Remove'}
                        </PostButton>
                      </div>
                    ) : (
                      <span class="muted">only owners change owners</span>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </CardsTable>
        {p.errors._form ? (
          <p class="alert alert-error" role="alert">
            {p.errors._form.join(' ')}
          </p>
        ) : null}
      </section>

      {p.role === 'owner' ? (
        <section aria-labelledby="h-2fa">
          <h2 id="h-2fa">Two-factor authentication</h2>
          <form method="post" action={`${base}/two-factor-required`} class="stack">
            <CsrfField token={p.page.csrf} />
            <div class="field">
              <label>
                <input type="checkbox" name="require" checked={p.requireTwoFactor} /> Members must use two-factor authentication (those without it are sent to
                set it up)
              </label>
            </div>
            <button type="submit">Save</button>
          </form>
        </section>
      ) : null}

      <section aria-labelledby="h-invites">
        <h2 id="h-invites">Invitations</h2>
        {p.invite ? (
          <div class="panel" role="status">
            <p>
              <strong>
                {p.invite.why === 'no_mail' ? 'E-mail is not configured on this server' : 'The invitation is made, but its e-mail could not be sent'}
              </strong>
              {', so send this link yourself (it works once, for 7 days; it is not shown again):'}
            </p>
            <CopyBlock id="invite-link" text={p.invite.link} label="invitation link" />
          </div>
        ) : null}
        {p.invitations.length ? (
          <ul class="project-list">
            {p.invitations.map((i) => (
              <li>
                {i.email} <span class="muted">as {ROLE_LABELS[i.role]} · expires</span> <Time at={i.expiresAt} />
                {manage ? (
                  <PostButton action={`${base}/invitations/${i.id}/revoke`} csrf={p.page.csrf} variant="secondary">
                    Revoke
                  </PostButton>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">No pending invitations.</p>
        )}
        {manage ? (
          <form method="post" action={`${base}/invitations`} class="panel stack">
            <CsrfField token={p.page.csrf} />
            <h3 class="first">Invite someone</h3>
            {!p.mailConfigured ? <p class="hint">E-mail is not configured on this server: you will get a link to send yourself.</p> : null}
            <TextField name="email" label="E-mail" type="email" errors={p.errors} required maxLength={254} />
            <SelectField
              name="role"
              label="Role"
              value="member"
              errors={p.errors}
              options={roleOptions(p.role, null)}
              hint="Read-only sees everything and changes nothing; members manage checks and integrations; admins also keys, projects and members."
            />
            <button type="submit" class="primary">
              Send invitation
            </button>
          </form>
        ) : null}
      </section>
    </Layout>
  );
}
