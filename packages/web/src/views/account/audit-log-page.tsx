import type { AuditAction, AuditEventView } from '@upmon/domain';
import { CardsTable } from '../cards-table.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { Time } from '../time.js';

export interface AuditLogPageProps {
  page: PageContext;
  account: { id: string; name: string };
  events: AuditEventView[];
  /** The link to the next (older) page, or null on the last one. */
  nextCursor: string | null;
  /** This is not the first page. */
  paged: boolean;
}

/** What each action reads as (every action: a new one without words does not compile). */
const ACTION_WORDS: Record<AuditAction, string> = {
  sign_in: 'signed in',
  'sign_in.failed': 'failed to sign in',
  'sign_in.second_step_failed': 'gave the right password, then a wrong two-factor code or security key',
  'api_key.create': 'created an API key',
  'api_key.rotate': 'rotated an API key',
  'api_key.revoke': 'revoked an API key',
  'member.join': 'joined the account',
  'member.role_change': "changed a member's role",
  'member.remove': 'removed a member',
  'two_factor.enable': 'turned on two-factor authentication',
  'two_factor.disable': 'turned off two-factor authentication',
  'two_factor.recovery_codes': 'made new recovery codes',
  'two_factor.required': 'changed whether members need two-factor authentication',
  'two_factor.security_key_add': 'added a security key',
  'two_factor.security_key_remove': 'removed a security key',
  'check.create': 'created a check',
  'check.delete': 'deleted a check',
  'check.snooze': 'snoozed a check',
  'check.unsnooze': 'ended the snooze of a check',
  'check.pause': 'paused a check',
  'check.resume': 'resumed a check',
  'check.tag_add': 'added a tag to a check',
  'check.tag_remove': 'removed a tag from a check',
  'integration.create': 'created an integration',
  'integration.delete': 'deleted an integration',
  'maintenance.create': 'created a maintenance window',
  'maintenance.delete': 'deleted a maintenance window',
  'slo.create': 'created an SLO',
  'slo.change': 'changed an SLO',
  'slo.delete': 'deleted an SLO',
  'status_page.create': 'created a status page',
  'status_page.delete': 'deleted a status page',
  'incident.create': 'opened an incident',
  'incident.change': 'changed an incident',
  'incident.delete': 'deleted an incident',
  'incident.post_update': 'posted an incident update',
  'incident.edit_update': 'edited an incident update',
  'incident.delete_update': 'deleted an incident update',
  'status_page_subscriber.create': 'added a status page subscriber',
  'status_page_subscriber.remove': 'removed a status page subscriber',
  'status_page_subscriber.import': 'imported status page subscribers',
  'status_page_subscriber.export': 'exported status page subscribers',
  'private_location.create': 'created a private location',
  'private_location.rotate_key': "rotated a private location's key",
  'private_location.revoke': 'revoked a private location',
  'account.create': 'created the account',
  'account.plan_change': "changed the account's plan",
  'account.sms_quota_change': "changed the account's SMS quota",
  'project.create': 'created a project',
  'member.add': 'added a member',
  'check.import': 'imported checks from Healthchecks',
  'check.apply': 'applied a check from code',
  'integration.apply': 'applied an integration from code',
  'sso.oidc_update': 'changed the OpenID Connect sign-in',
  'sso.oidc_delete': 'removed the OpenID Connect sign-in',
  'sso.saml_update': 'changed the SAML sign-in',
  'sso.saml_delete': 'removed the SAML sign-in',
  'sso.policy_update': 'changed the single sign-on policy',
  'sso.group_roles_update': 'changed the group → role mappings',
  'sso.domain_add': 'claimed a domain',
  'sso.domain_verify': 'verified a domain',
  'sso.domain_verify_failed': 'failed to verify a domain',
  'sso.domain_remove': 'removed a domain',
  'sso.sign_in': 'signed in with single sign-on',
  'sso.sign_in_refused': 'was refused single sign-on',
  'sso.user_provisioned': 'was provisioned at their first single sign-on',
  'scim.token_create': 'created a SCIM token',
  'scim.token_revoke': 'revoked a SCIM token',
  'scim.user_create': 'provisioned a person (SCIM)',
  'scim.user_update': 'updated a person (SCIM)',
  'scim.user_deactivate': 'deprovisioned a person (SCIM)',
  'scim.user_delete': 'deleted a person (SCIM)',
  'scim.group_create': 'created a group (SCIM)',
  'scim.group_update': 'changed a group (SCIM)',
  'scim.group_delete': 'deleted a group (SCIM)',
  'scim.refused': 'was refused (SCIM)',
  'oncall_schedule.create': 'created an on-call schedule',
  'oncall_schedule.change': 'changed an on-call schedule',
  'oncall_schedule.delete': 'deleted an on-call schedule',
  'oncall_schedule.rotate_feed': "replaced an on-call schedule's calendar address",
  'oncall_layer.create': 'added an on-call layer',
  'oncall_layer.change': 'changed an on-call layer',
  'oncall_layer.delete': 'deleted an on-call layer',
  'oncall_override.create': 'added an on-call override',
  'oncall_override.change': 'changed an on-call override',
  'oncall_override.delete': 'deleted an on-call override',
  'oncall_user_feed.rotate': "replaced a person's on-call calendar address",
};

const ACTOR_KINDS: Record<AuditEventView['actorKind'], string> = {
  user: 'person',
  api_key: 'API key',
  operator: 'operator',
  scim: 'SCIM',
  identity_provider: 'identity provider',
};

/** An account's audit log, newest first, a page at a time (owners and admins). */
export function AuditLogPage(p: AuditLogPageProps) {
  const base = `/accounts/${p.account.id}/audit-log`;
  return (
    <Layout
      page={p.page}
      title={`Audit log · ${p.account.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: p.account.name, href: `/accounts/${p.account.id}` }, { label: 'Audit log' }]}
    >
      <h1>Audit log</h1>
      <p class="hint">
        Sign-ins, API keys, members, two-factor changes, and checks, integrations, maintenance windows and status pages created or deleted, newest first. Kept
        for a year.
      </p>
      {p.events.length ? (
        <CardsTable columns={['Time', 'Who', 'What', 'From']}>
          {p.events.map((e) => (
            <tr>
              <td>
                <Time at={e.at} seconds />
              </td>
              <td data-label="Who">
                {e.actorLabel} <span class="muted">({ACTOR_KINDS[e.actorKind]})</span>
              </td>
              <td data-label="What">
                {ACTION_WORDS[e.action as AuditAction] ?? e.action}
                {e.target ? <span class="muted">: {e.target}</span> : null}
              </td>
              <td data-label="From">{e.clientAddress ?? <span class="muted">—</span>}</td>
            </tr>
          ))}
        </CardsTable>
      ) : (
        <p class="muted">Nothing recorded{p.paged ? ' before these' : ' yet'}.</p>
      )}
      <nav aria-label="Audit log pages" class="pager">
        {p.paged ? <a href={base}>Newest</a> : null}
        {p.nextCursor ? (
          <a href={`${base}?cursor=${encodeURIComponent(p.nextCursor)}`} rel="next">
            Older
          </a>
        ) : null}
      </nav>
    </Layout>
  );
}
