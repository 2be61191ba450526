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

/** An account's events, newest first, one page after `cursor` (ids only grow, so they order the log). */
export async function listAuditEvents(pool: pg.Pool, accountId: string, query: AuditLogQuery): Promise<AuditLogPage> {
  const { rows } = await pool.query<AuditEventView>({
    name: 'audit-log-page',
    text: `SELECT id::text AS id, at, action, actor_kind AS "actorKind", actor_user_id AS "actorUserId", actor_api_key_id AS "actorApiKeyId",
                  actor_label AS "actorLabel", client_address AS "clientAddress", target
           FROM audit_events e WHERE account_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint)
           ORDER BY e.id DESC LIMIT $3`,
    values: [accountId, query.cursor ?? null, query.limit + 1],
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
