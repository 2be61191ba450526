import type { CheckStatus } from '@upmon/core';
import { microBatch } from '@upmon/batching';
import type { PgPool } from '@upmon/db';

export interface FanOutIntegration {
  id: number;
  enabled: boolean;
  events: string[];
  tags: unknown;
  reminders: unknown;
}

export interface FanOutFlip {
  id: string;
  checkId: string;
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  ts: Date;
  checkTags: string[];
  /** The check's explicit integration assignment; null: the integrations' tags rule applies. */
  checkIntegrationIds: number[] | null;
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

/** The fan-out's SQL. */
export function createFanOutStore(pool: PgPool) {
  const loadBatch = microBatch(async (flipIds: string[]): Promise<(FanOutFlip | null)[]> => {
    const { rows } = await pool.query<Omit<FanOutFlip, 'integrations'> & { integrations: FanOutIntegration[] | null }>({
      name: 'notifier-fan-out-load',
      text: `SELECT f.id::text AS id, f.check_id AS "checkId", f.old_status::text AS "oldStatus", f.new_status::text AS "newStatus",
              f.ts, c.tags AS "checkTags", CASE WHEN c.integrations_explicit THEN c.integration_ids END AS "checkIntegrationIds",
              (SELECT json_agg(json_build_object('id', i.id, 'enabled', i.enabled, 'events', i.events, 'tags', i.tags,
                                                 'reminders', i.reminders) ORDER BY i.id)
                 FROM integrations i WHERE i.project_id = f.project_id AND i.enabled) AS integrations
       FROM flips f JOIN checks c ON c.id = f.check_id
       WHERE f.id = ANY($1::bigint[])`,
      values: [flipIds],
    });
    const byId = new Map(rows.map((r) => [r.id, { ...r, integrations: r.integrations ?? [] }]));
    return flipIds.map((id) => byId.get(String(BigInt(id))) ?? null);
  });

  const insertReminders = microBatch(async (perFlip: ReminderRow[][]): Promise<void[]> => {
    const rows = perFlip.flat();
    await pool.query({
      name: 'notifier-reminders-insert',
      text: `INSERT INTO reminders (integration_id, check_id, flip_id, hours, due_at)
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::bigint[], $4::int[], $5::timestamptz[])
       ON CONFLICT (integration_id, flip_id, hours) DO NOTHING`,
      values: [
        rows.map((r) => r.integrationId),
        rows.map((r) => r.checkId),
        rows.map((r) => r.flipId),
        rows.map((r) => r.hours),
        rows.map((r) => r.dueAt.toISOString()),
      ],
    });
    return perFlip.map(() => undefined);
  });

  return {
    /**
     * The flip, its check's tags and its project's enabled integrations, in one read (batched
     * with the other flips in flight); null when the flip or its check is gone.
     */
    loadFlip(flipId: string): Promise<FanOutFlip | null> {
      return loadBatch(flipId);
    },

    /**
     * Schedules the reminders of a down flip; idempotent (a re-run flip job adds nothing). Batched
     * with the other flips in flight: a burst of down flips to integrations with reminders was
     * one INSERT per flip.
     */
    async createReminders(rows: ReminderRow[]): Promise<void> {
      if (rows.length === 0) return;
      await insertReminders(rows);
    },
  };
}

export type FanOutStore = ReturnType<typeof createFanOutStore>;
