import type pg from 'pg';
import { ALL_CHECKS, badgeUrls, type BadgeFormat } from './badge-urls.js';

export interface ProjectBadge {
  /** A tag in use in the project, or `*` (all checks, first). */
  tag: string;
  urls: Record<BadgeFormat, string>;
}

/** The project's badges: one for all checks, then one per tag in use (sorted); none for an unknown project. */
export async function projectBadges(pool: pg.Pool, appBaseUrl: string, projectId: string): Promise<ProjectBadge[]> {
  const { rows } = await pool.query<{ badge_key: string; tags: string[] }>({
    name: 'project-badges',
    text: `SELECT p.badge_key,
                  ARRAY(SELECT DISTINCT t FROM checks c, unnest(c.tags) t WHERE c.project_id = p.id ORDER BY t) AS tags
             FROM projects p WHERE p.id = $1`,
    values: [projectId],
  });
  const row = rows[0];
  if (!row) return [];
  return [ALL_CHECKS, ...row.tags].map((tag) => ({ tag, urls: badgeUrls(appBaseUrl, row.badge_key, tag) }));
}
