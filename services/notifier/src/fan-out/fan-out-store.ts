import type { SqlClient } from '@upmon/check-store';

export interface FanOutIntegration {
  id: number;
  enabled: boolean;
  events: string[];
  tags: unknown;
  reminders: unknown;
}

/** Who may hear about a check's flips. */
export interface CheckAudience {
  checkId: string;
  tags: string[];
  /** The check's explicit integration assignment; null: the integrations' tags rule applies. */
  integrationIds: number[] | null;
  /** The project's enabled integrations; matching on events and tags is done in core. */
  integrations: FanOutIntegration[];
}

export interface ReminderRow {
  integrationId: number;
  checkId: string;
  flipId: string;
  hours: number;
  dueAt: Date;
}

/** The fan-out's SQL, run in the transaction that claimed the flips. */

/** Tags, explicit assignment and the project's enabled integrations of each check, in one read. */
export async function loadAudiences(client: SqlClient, checkIds: string[]): Promise<Map<string, CheckAudience>> {
  const { rows } = await client.query<Omit<CheckAudience, 'integrations'> & { integrations: FanOutIntegration[] | null }>(
    `SELECT c.id AS "checkId", c.tags, CASE WHEN c.integrations_explicit THEN c.integration_ids END AS "integrationIds",
            (SELECT json_agg(json_build_object('id', i.id, 'enabled', i.enabled, 'events', i.events, 'tags', i.tags,
                                               'reminders', i.reminders) ORDER BY i.id)
               FROM integrations i WHERE i.project_id = c.project_id AND i.enabled) AS integrations
       FROM checks c WHERE c.id = ANY($1::uuid[])`,
    [checkIds],
  );
  return new Map(rows.map((r) => [r.checkId, { ...r, integrations: r.integrations ?? [] }]));
}

/** Schedules reminders of down flips; idempotent (a flip fanned out again adds nothing). */
export async function insertReminders(client: SqlClient, rows: ReminderRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO reminders (integration_id, check_id, flip_id, hours, due_at)
     SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::int[], $5::timestamptz[])
     ON CONFLICT (integration_id, flip_id, hours) DO NOTHING`,
    [rows.map((r) => r.integrationId), rows.map((r) => r.checkId), rows.map((r) => r.flipId), rows.map((r) => r.hours), rows.map((r) => r.dueAt.toISOString())],
  );
}
