import type pg from 'pg';

/** A project with how many checks it has, and how many of them are down and late. */
export interface ProjectCheckCounts {
  id: string;
  name: string;
  accountId: string;
  checks: number;
  down: number;
  late: number;
}

/** The accounts' projects (oldest first) with their check counts: the projects list and an account's usage. */
export async function listProjectCheckCounts(pool: pg.Pool, accountIds: readonly string[]): Promise<ProjectCheckCounts[]> {
  const { rows } = await pool.query<ProjectCheckCounts>({
    name: 'web-projects-of-accounts',
    text: `SELECT p.id, p.name, p.account_id AS "accountId", count(c.id)::int AS checks,
             (count(c.id) FILTER (WHERE c.status = 'down'))::int AS down, (count(c.id) FILTER (WHERE c.status = 'late'))::int AS late
           FROM projects p LEFT JOIN checks c ON c.project_id = p.id
           WHERE p.account_id = ANY($1::uuid[]) GROUP BY p.id ORDER BY p.created_at, p.id`,
    values: [accountIds],
  });
  return rows;
}
