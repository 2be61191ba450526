import type pg from 'pg';
import type { BadgeCounts } from './badge-status.js';

/** What a badge needs: its project's name (label of the all-checks badge) and the counts. */
export interface BadgeData extends BadgeCounts {
  projectName: string;
}

/**
 * The checks of the project whose badge key is `badgeKey`, all of them (`tag` null) or those
 * carrying `tag`, counted by state in one indexed query (badge key → project; project → checks).
 * Null when no project has that key.
 */
export async function readBadgeCounts(pool: pg.Pool, badgeKey: string, tag: string | null): Promise<BadgeData | null> {
  const { rows } = await pool.query<{ name: string; total: number; late: number; down: number }>({
    name: 'badge-counts',
    text: `SELECT p.name, count(c.id)::int AS total,
                  count(*) FILTER (WHERE c.status = 'late')::int AS late,
                  count(*) FILTER (WHERE c.status = 'down')::int AS down
             FROM projects p
             LEFT JOIN checks c ON c.project_id = p.id AND ($2::text IS NULL OR c.tags @> ARRAY[$2::text])
            WHERE p.badge_key = $1
            GROUP BY p.id`,
    values: [badgeKey, tag],
  });
  const r = rows[0];
  return r ? { projectName: r.name, total: r.total, late: r.late, down: r.down } : null;
}
