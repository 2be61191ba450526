import type { SqlClient, WaitingFlip } from '@upmon/check-store';

export interface FanOutIntegration {
  id: number;
  enabled: boolean;
  events: string[];
  tags: unknown;
  reminders: unknown;
  /** Minutes after a down flip before this integration hears of it; null or 0: at once. */
  escalateAfterMin: number | null;
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

export interface EscalationRow {
  integrationId: number;
  checkId: string;
  flipId: string;
  dueAt: Date;
}

/** Per up flip (id): the integrations with an escalation of the episode's down flip, and whether it was sent. */
export type EpisodeEscalations = Map<string, Map<number, boolean>>;

/** The fan-out's SQL, run in the transaction that claimed the flips. */

/** Tags, explicit assignment and the project's enabled integrations of each check, in one read. */
export async function loadAudiences(client: SqlClient, checkIds: string[]): Promise<Map<string, CheckAudience>> {
  const { rows } = await client.query<Omit<CheckAudience, 'integrations'> & { integrations: FanOutIntegration[] | null }>(
    `SELECT c.id AS "checkId", c.tags, CASE WHEN c.integrations_explicit THEN c.integration_ids END AS "integrationIds",
            (SELECT json_agg(json_build_object('id', i.id, 'enabled', i.enabled, 'events', i.events, 'tags', i.tags,
                                               'reminders', i.reminders,
                                               'escalateAfterMin', i.escalate_after_min) ORDER BY i.id)
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

/** Schedules escalations of down flips; idempotent like the reminders. */
export async function insertEscalations(client: SqlClient, rows: EscalationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO escalations (integration_id, check_id, flip_id, due_at)
     SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::timestamptz[])
     ON CONFLICT (integration_id, flip_id) DO NOTHING`,
    [rows.map((r) => r.integrationId), rows.map((r) => r.checkId), rows.map((r) => r.flipId), rows.map((r) => r.dueAt.toISOString())],
  );
}

/**
 * For each up flip that ends a down episode: the escalations of that episode's down flip (the
 * check's latest down flip before it). No race with an escalation being sent: the escalations task
 * holds the check's row (FOR SHARE) while it decides, so the up flip commits either after the
 * escalation is marked sent or before the task looks (and cancels it).
 */
export async function loadEpisodeEscalations(client: SqlClient, flips: WaitingFlip[]): Promise<EpisodeEscalations> {
  const ups = flips.filter((f) => f.oldStatus === 'down' && f.newStatus === 'up');
  const out: EpisodeEscalations = new Map();
  if (ups.length === 0) return out;
  const { rows } = await client.query<{ upId: string; integrationId: number; sent: boolean }>(
    `SELECT u.id::text AS "upId", e.integration_id AS "integrationId", e.sent_at IS NOT NULL AS sent
       FROM flips u
       CROSS JOIN LATERAL (SELECT d.id FROM flips d
                            WHERE d.check_id = u.check_id AND d.new_status = 'down' AND (d.ts, d.id) < (u.ts, u.id)
                            ORDER BY d.ts DESC, d.id DESC LIMIT 1) d
       JOIN escalations e ON e.flip_id = d.id
      WHERE u.id = ANY($1::bigint[])`,
    [ups.map((f) => f.id)],
  );
  for (const r of rows) {
    let m = out.get(r.upId);
    if (!m) out.set(r.upId, (m = new Map()));
    m.set(r.integrationId, r.sent);
  }
  return out;
}
