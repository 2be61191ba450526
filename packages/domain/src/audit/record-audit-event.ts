import type { Prisma, PrismaClient } from '@upmon/db';
import type pg from 'pg';
import type { Actor } from './actor.js';

/** What the audit log records (docs/web.md, "Audit log"). Stored as text: never rename one. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in.failed',
  // The password (or a sign-in link) was right, the second step's code or security key was not.
  'sign_in.second_step_failed',
  'api_key.create',
  'api_key.rotate',
  'api_key.revoke',
  'member.join',
  'member.role_change',
  'member.remove',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_codes',
  'two_factor.required',
  'two_factor.security_key_add',
  'two_factor.security_key_remove',
  'check.create',
  'check.delete',
  'check.snooze',
  'check.unsnooze',
  // The dashboard's bulk actions (docs/web.md, "Bulk actions").
  'check.pause',
  'check.resume',
  'check.tag_add',
  'check.tag_remove',
  'integration.create',
  'integration.delete',
  'maintenance.create',
  'maintenance.delete',
  // Service level objectives (docs/slos.md).
  'slo.create',
  'slo.change',
  'slo.delete',
  'status_page.create',
  'status_page.delete',
  // Incidents on status pages (docs/status-pages.md, "Incidents").
  'incident.create',
  'incident.change',
  'incident.delete',
  'incident.post_update',
  'incident.edit_update',
  'incident.delete_update',
  // Status page subscribers managed by the page's owners (docs/status-pages.md, "Subscribers").
  'status_page_subscriber.create',
  'status_page_subscriber.remove',
  'status_page_subscriber.import',
  'status_page_subscriber.export',
  'private_location.create',
  'private_location.rotate_key',
  'private_location.revoke',
  // The operator's changes (the admin CLI; docs/web.md, "Audit log").
  'account.create',
  'account.plan_change',
  'account.sms_quota_change',
  'project.create',
  'member.add',
  'check.import',
  'check.apply',
  'integration.apply',
  // Single sign-on and SCIM (docs/sso.md).
  'sso.oidc_update',
  'sso.oidc_delete',
  'sso.saml_update',
  'sso.saml_delete',
  'sso.policy_update',
  'sso.group_roles_update',
  'sso.domain_add',
  'sso.domain_verify',
  'sso.domain_verify_failed',
  'sso.domain_remove',
  'sso.sign_in',
  'sso.sign_in_refused',
  'sso.user_provisioned',
  'scim.token_create',
  'scim.token_revoke',
  'scim.user_create',
  'scim.user_update',
  'scim.user_deactivate',
  'scim.user_delete',
  'scim.group_create',
  'scim.group_update',
  'scim.group_delete',
  'scim.refused',
  // On-call schedules (docs/oncall.md).
  'oncall_schedule.create',
  'oncall_schedule.change',
  'oncall_schedule.delete',
  'oncall_schedule.rotate_feed',
  'oncall_layer.create',
  'oncall_layer.change',
  'oncall_layer.delete',
  'oncall_override.create',
  'oncall_override.change',
  'oncall_override.delete',
  'oncall_user_feed.rotate',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEvent {
  accountId: string;
  actor: Actor;
  action: AuditAction;
  /** What it was done to, as people read it now (a check's name and id, a member's address). */
  target?: string;
  /** The project it was done in, if any: a project's API key reads only its project's events. */
  projectId?: string;
}

/** The longest target kept (names are bounded by the inputs; this bounds what a future caller passes). */
const TARGET_MAX = 300;

const INSERT_EVENT = `
  INSERT INTO audit_events (account_id, action, actor_kind, actor_user_id, actor_api_key_id, actor_label, client_address, target, project_id)
  VALUES ($1::uuid, $2, $3, $4::uuid, $5::uuid,
          coalesce($6::text, (SELECT 'API key ' || coalesce(name, prefix || '…') FROM api_keys WHERE id = $5::uuid), 'API key'),
          $7, $8, $9::uuid)`;

/** The values of INSERT_EVENT: an API key is labelled from its row (its name, else its prefix) in the statement; a person by their address. */
function insertValues(event: AuditEvent): (string | null)[] {
  const { actor } = event;
  const userId = actor.kind === 'user' ? actor.userId : null;
  const keyId = actor.kind === 'api_key' ? actor.apiKeyId : null;
  const label =
    actor.kind === 'user'
      ? actor.email
      : actor.kind === 'operator'
        ? 'operator (admin CLI)'
        : actor.kind === 'scim' || actor.kind === 'identity_provider'
          ? actor.label
          : null;
  const client = actor.kind === 'operator' ? null : actor.client;
  const target = event.target === undefined ? null : event.target.slice(0, TARGET_MAX);
  return [event.accountId, event.action, actor.kind, userId, keyId, label, client, target, event.projectId ?? null];
}

/**
 * Records an event, inside the caller's transaction when given one, so it is logged exactly when
 * the change commits.
 */
export async function recordAuditEvent(db: PrismaClient | Prisma.TransactionClient, event: AuditEvent): Promise<void> {
  // Parameterised (the values are never spliced into the text).
  await db.$executeRawUnsafe(INSERT_EVENT, ...insertValues(event));
}

/** recordAuditEvent for a change made in a `pg` transaction (the admin CLI's plan change). */
export async function recordAuditEventWithPg(client: pg.ClientBase, event: AuditEvent): Promise<void> {
  await client.query(INSERT_EVENT, insertValues(event));
}

/** Records the same event in each of `accountIds` (a person's sign-in concerns every account they are in). */
export async function recordAuditEventInAccounts(db: PrismaClient, accountIds: string[], event: Omit<AuditEvent, 'accountId'>): Promise<void> {
  for (const accountId of accountIds) await recordAuditEvent(db, { ...event, accountId });
}
