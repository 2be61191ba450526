import type { Prisma, PrismaClient } from '@upmon/db';
import type { Actor } from './actor.js';

/** What the audit log records (docs/web.md, "Audit log"). Stored as text: never rename one. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in.failed',
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
  'integration.create',
  'integration.delete',
  'maintenance.create',
  'maintenance.delete',
  'status_page.create',
  'status_page.delete',
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
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEvent {
  accountId: string;
  actor: Actor;
  action: AuditAction;
  /** What it was done to, as people read it now (a check's name and id, a member's address). */
  target?: string;
}

/** The longest target kept (names are bounded by the inputs; this bounds what a future caller passes). */
const TARGET_MAX = 300;

/**
 * Records an event, inside the caller's transaction when given one, so it is logged exactly when
 * the change commits. An API key is labelled from its row (its name, else its prefix) in the same
 * statement; a person by their address.
 */
export async function recordAuditEvent(db: PrismaClient | Prisma.TransactionClient, event: AuditEvent): Promise<void> {
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
  await db.$executeRaw`
    INSERT INTO audit_events (account_id, action, actor_kind, actor_user_id, actor_api_key_id, actor_label, client_address, target)
    VALUES (${event.accountId}::uuid, ${event.action}, ${actor.kind}, ${userId}::uuid, ${keyId}::uuid,
            coalesce(${label}, (SELECT 'API key ' || coalesce(name, prefix || '…') FROM api_keys WHERE id = ${keyId}::uuid), 'API key'),
            ${client}, ${target})`;
}

/** Records the same event in each of `accountIds` (a person's sign-in concerns every account they are in). */
export async function recordAuditEventInAccounts(db: PrismaClient, accountIds: string[], event: Omit<AuditEvent, 'accountId'>): Promise<void> {
  for (const accountId of accountIds) await recordAuditEvent(db, { ...event, accountId });
}
