import { randomUUID } from 'node:crypto';
import { planLimits, type PlanName } from '@upmon/core';
import { withPgTransaction } from '@upmon/db';
import type pg from 'pg';

export type CreateOutcome = 'created' | 'exists' | 'no_project' | 'over_quota';

/** Defaults of a check created by `?create=1` (as Healthchecks.io: a day's period, an hour's grace). */
const AUTO_PERIOD_SEC = 86_400;
const AUTO_GRACE_SEC = 3_600;

/**
 * `?create=1` on a slug URL: creates the check if the project has none with that slug, within the
 * account's plan quota. The account row is locked so two concurrent creations cannot both pass
 * the quota check (an early answer commits a transaction that wrote nothing).
 */
export async function createCheckBySlug(pool: pg.Pool, pingKey: string, slug: string): Promise<CreateOutcome> {
  return withPgTransaction(pool, async (client) => {
    const { rows } = await client.query<{ project_id: string; account_id: string; plan: PlanName }>(
      `SELECT p.id AS project_id, a.id AS account_id, a.plan FROM projects p JOIN accounts a ON a.id = p.account_id
        WHERE p.ping_key = $1 FOR UPDATE OF a`,
      [pingKey],
    );
    const project = rows[0];
    if (!project) return 'no_project';
    const existing = await client.query('SELECT 1 FROM checks WHERE project_id = $1 AND slug = $2', [project.project_id, slug]);
    if ((existing.rowCount ?? 0) > 0) return 'exists';
    const { rows: count } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM checks c JOIN projects p ON p.id = c.project_id WHERE p.account_id = $1',
      [project.account_id],
    );
    if (Number(count[0]?.n ?? 0) >= planLimits(project.plan).checkQuota) return 'over_quota';
    await client.query(
      `INSERT INTO checks (id, project_id, name, slug, schedule_kind, period_sec, grace_sec, updated_at)
       VALUES ($1, $2, $3, $3, 'period', $4, $5, now())`,
      [randomUUID(), project.project_id, slug, AUTO_PERIOD_SEC, AUTO_GRACE_SEC],
    );
    return 'created';
  });
}
