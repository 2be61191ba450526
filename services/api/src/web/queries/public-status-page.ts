import type { CheckStatus, StatusChange } from '@upmon/core';
import type pg from 'pg';

export interface PublicStatusCheck {
  /** Only to join flips here; never rendered. */
  id: string;
  name: string;
  status: CheckStatus;
  createdAt: Date;
  changes: StatusChange[];
}

export interface PublicStatusPageData {
  title: string;
  groups: { name: string; checks: PublicStatusCheck[] }[];
}

/**
 * An enabled status page by its public key, with its groups, their checks (name, status, created)
 * and each check's flips since `since` plus the last one before it (the status the window starts
 * in), or null. Raw SQL on this public path: a page of 100 checks may read ~50,000 flips, and one
 * query over the flips(check_id, ts DESC) index costs far less than per-check model calls.
 */
export async function readPublicStatusPage(pool: pg.Pool, publicKey: string, since: Date): Promise<PublicStatusPageData | null> {
  const { rows } = await pool.query<{
    title: string;
    group_id: number | null;
    group_name: string;
    id: string | null;
    name: string | null;
    status: CheckStatus | null;
    created_ms: number | null;
  }>({
    name: 'public-status-page',
    text: `SELECT sp.title, g.id AS group_id, g.name AS group_name, c.id, c.name, c.status,
                  (extract(epoch FROM c.created_at) * 1000)::float8 AS created_ms
             FROM status_pages sp
             LEFT JOIN status_page_groups g ON g.status_page_id = sp.id
             LEFT JOIN status_page_checks sc ON sc.group_id = g.id
             LEFT JOIN checks c ON c.id = sc.check_id
            WHERE sp.public_key = $1 AND sp.enabled
            ORDER BY g.position, sc.position`,
    values: [publicKey],
  });
  const first = rows[0];
  if (!first) return null;
  const groups: PublicStatusPageData['groups'] = [];
  const byId = new Map<string, PublicStatusCheck>();
  let groupId: number | null = null;
  for (const row of rows) {
    if (row.group_id === null) continue;
    if (row.group_id !== groupId) {
      groups.push({ name: row.group_name, checks: [] });
      groupId = row.group_id;
    }
    if (row.id === null) continue;
    const check: PublicStatusCheck = {
      id: row.id,
      name: row.name as string,
      status: row.status as CheckStatus,
      createdAt: new Date(row.created_ms as number),
      changes: [],
    };
    (groups[groups.length - 1] as PublicStatusPageData['groups'][number]).checks.push(check);
    byId.set(check.id, check);
  }
  if (byId.size > 0) {
    // One row per check, its flips packed as "<ms> <status>,…" in no particular order (uptimeHistory
    // sorts them): ~50,000 rows and a sort by check would cost more than the rest of the page.
    const flips = await pool.query<{ check_id: string; changes: string }>({
      name: 'public-status-page-flips',
      text: `SELECT check_id, string_agg(ms || ' ' || new_status, ',') AS changes FROM (
               SELECT f.check_id, (extract(epoch FROM f.ts) * 1000)::bigint AS ms, f.new_status
                 FROM flips f WHERE f.check_id = ANY($1::uuid[]) AND f.ts >= $2
               UNION ALL
               SELECT c.id, (extract(epoch FROM p.ts) * 1000)::bigint, p.new_status
                 FROM unnest($1::uuid[]) AS c(id)
                 CROSS JOIN LATERAL (SELECT ts, new_status FROM flips WHERE check_id = c.id AND ts < $2 ORDER BY ts DESC LIMIT 1) p
             ) x GROUP BY check_id`,
      values: [[...byId.keys()], since],
    });
    for (const row of flips.rows) {
      const check = byId.get(row.check_id);
      if (check) check.changes = unpackChanges(row.changes);
    }
  }
  return { title: first.title, groups };
}

/** "<ms> <status>,…" → status changes. */
function unpackChanges(packed: string): StatusChange[] {
  return packed.split(',').map((item) => {
    const space = item.indexOf(' ');
    return { at: Number(item.slice(0, space)), status: item.slice(space + 1) as CheckStatus };
  });
}
