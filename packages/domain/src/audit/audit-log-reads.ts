import type pg from 'pg';
import type { AuditActorKind } from './actor.js';
import { isoTimestamp } from '../timestamps.js';
import type { AuditLogQuery } from './audit-log-query.js';
import type { AuditEventResponse } from './audit-event-response-schema.js';

export interface AuditEventView {
  id: string;
  at: Date;
  action: string;
  actorKind: AuditActorKind;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorLabel: string;
  clientAddress: string | null;
  target: string | null;
}

export interface AuditLogPage {
  events: AuditEventView[];
  /** The cursor of the next (older) page, or null on the last one. */
  nextCursor: string | null;
}

/** Whose events: an account's (its owners and admins), or one project's of it (that project's API keys). */
export type AuditLogScope = { accountId: string } | { accountId: string; projectId: string };

const COLUMNS = `id::text AS id, at, action, actor_kind AS "actorKind", actor_user_id AS "actorUserId", actor_api_key_id AS "actorApiKeyId",
                 actor_label AS "actorLabel", client_address AS "clientAddress", target`;

/** Events of the scope, newest first, one page after `cursor` (ids only grow, so they order the log). */
export async function listAuditEvents(pool: pg.Pool, scope: AuditLogScope, query: AuditLogQuery): Promise<AuditLogPage> {
  const cursor = query.cursor ?? null;
  // Two statements rather than an optional filter: each has its own index ((account_id, id) and (project_id, id)).
  const { rows } =
    'projectId' in scope
      ? await pool.query<AuditEventView>({
          name: 'audit-log-page-of-project',
          text: `SELECT ${COLUMNS} FROM audit_events e
                 WHERE project_id = $1 AND account_id = $2 AND ($3::bigint IS NULL OR e.id < $3::bigint) ORDER BY e.id DESC LIMIT $4`,
          values: [scope.projectId, scope.accountId, cursor, query.limit + 1],
        })
      : await pool.query<AuditEventView>({
          name: 'audit-log-page',
          text: `SELECT ${COLUMNS} FROM audit_events e WHERE account_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint) ORDER BY e.id DESC LIMIT $3`,
          values: [scope.accountId, cursor, query.limit + 1],
        });
  const more = rows.length > query.limit;
  const events = more ? rows.slice(0, query.limit) : rows;
  return { events, nextCursor: more ? (events[events.length - 1] as AuditEventView).id : null };
}

/** The REST API's form of an event. */
export function presentAuditEvent(e: AuditEventView): AuditEventResponse {
  return {
    id: e.id,
    at: isoTimestamp(e.at),
    action: e.action,
    actor: { kind: e.actorKind, label: e.actorLabel, user_id: e.actorUserId, api_key_id: e.actorApiKeyId },
    client_address: e.clientAddress,
    target: e.target,
  };
}
