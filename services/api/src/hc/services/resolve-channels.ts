import type pg from 'pg';
import { ApiError } from '@upmon/domain';

/**
 * Healthchecks' `channels` → an explicit integration assignment: "*" = every integration of the
 * project, "" = none, else a comma-separated list of integration UUIDs or names (names must be
 * unique in the project, as in Healthchecks). undefined (field absent) → undefined.
 */
export async function resolveChannels(pool: pg.Pool, projectId: string, channels: string | undefined): Promise<number[] | undefined> {
  if (channels === undefined) return undefined;
  if (channels === '') return [];
  const { rows } = await pool.query<{ id: number; uuid: string; name: string }>({
    name: 'hc-project-integrations',
    text: 'SELECT id, uuid::text AS uuid, name FROM integrations WHERE project_id = $1 ORDER BY id',
    values: [projectId],
  });
  if (channels === '*') return rows.map((r) => r.id);
  const ids = new Set<number>();
  for (const s of channels.split(',')) {
    if (s === '') throw new ApiError('bad_request', 'empty channel identifier');
    const matches = rows.filter((r) => r.uuid === s.toLowerCase() || r.name === s);
    if (matches.length === 0) throw new ApiError('bad_request', `invalid channel identifier: ${s.slice(0, 100)}`);
    if (matches.length > 1) throw new ApiError('bad_request', `non-unique channel identifier: ${s.slice(0, 100)}`);
    ids.add((matches[0] as { id: number }).id);
  }
  return [...ids];
}
