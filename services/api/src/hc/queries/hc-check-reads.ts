import { CHECK_STATE_COLUMNS, type CheckSqlRow } from '@upmon/check-store';
import type pg from 'pg';

/** A check with everything its Healthchecks representation needs. */
export interface HcCheckRow extends CheckSqlRow {
  name: string;
  slug: string | null;
  description: string | null;
  tags: string[];
  n_pings: number;
  /** The grace a Healthchecks client asked for when upmon watches with less (docs/healthchecks.md). */
  hc_grace_sec: number | null;
  /** Comma-separated UUIDs (sorted) of the integrations that hear of the check. */
  channels: string;
}

// `channels`: the explicit assignment when there is one, else the integrations whose tags rule
// takes the check (tags null, not a list, or sharing a tag): who would be notified.
const HC_CHECK_COLUMNS = `${CHECK_STATE_COLUMNS}, c.name, c.slug, c.description, to_json(c.tags) AS tags, c.hc_grace_sec,
  (SELECT coalesce(string_agg(i.uuid::text, ',' ORDER BY i.uuid::text), '') FROM integrations i
    WHERE i.project_id = c.project_id
      AND CASE WHEN c.integrations_explicit THEN i.id = ANY(c.integration_ids)
               ELSE i.tags IS NULL OR jsonb_typeof(i.tags) <> 'array'
                    OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(i.tags) AS t(tag) WHERE t.tag = ANY(c.tags)) END) AS channels`;

/** Every check of the project, in creation order. */
export async function listHcChecks(pool: pg.Pool, projectId: string): Promise<HcCheckRow[]> {
  const { rows } = await pool.query<HcCheckRow>({
    name: 'hc-list-checks',
    text: `SELECT ${HC_CHECK_COLUMNS} FROM checks c WHERE c.project_id = $1 ORDER BY c.created_at, c.id`,
    values: [projectId],
  });
  return rows;
}

/** One check of the project, or null (also when it belongs to another project). */
export async function findHcCheck(pool: pg.Pool, projectId: string, checkId: string): Promise<HcCheckRow | null> {
  const { rows } = await pool.query<HcCheckRow>({
    name: 'hc-find-check',
    text: `SELECT ${HC_CHECK_COLUMNS} FROM checks c WHERE c.id = $1 AND c.project_id = $2`,
    values: [checkId, projectId],
  });
  return rows[0] ?? null;
}

/** The project's check ids (to find one by Healthchecks' unique_key, which is derived from the id). */
export async function projectCheckIds(pool: pg.Pool, projectId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>({
    name: 'hc-project-check-ids',
    text: 'SELECT id FROM checks WHERE project_id = $1 ORDER BY created_at, id',
    values: [projectId],
  });
  return rows.map((r) => r.id);
}
