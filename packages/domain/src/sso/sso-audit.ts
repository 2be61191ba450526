import type { PrismaClient, Prisma } from '@upmon/db';
import type { Actor } from '../audit/actor.js';
import { recordAuditEvent, type AuditAction } from '../audit/record-audit-event.js';
import type { SsoRefusal } from './sso-refusal.js';

/** Records an SSO configuration change, sign-in or SCIM change in the account's log. */
export function recordSsoEvent(
  db: PrismaClient | Prisma.TransactionClient,
  accountId: string,
  actor: Actor,
  action: AuditAction,
  target?: string,
): Promise<void> {
  return recordAuditEvent(db, { accountId, actor, action, ...(target === undefined ? {} : { target }) });
}

/** A refused SSO sign-in, in the log of the account whose IdP answered (or was asked). */
export async function recordSsoRefusal(db: PrismaClient, refusal: SsoRefusal, client: string | null): Promise<void> {
  if (!refusal.accountId) return;
  const label = refusal.email ?? 'identity provider';
  await recordAuditEvent(db, {
    accountId: refusal.accountId,
    actor: { kind: 'identity_provider', label, client },
    action: 'sso.sign_in_refused',
    target: `${refusal.reason}: ${refusal.message}`,
  });
}
