import { maintenanceSpansByCheck, utcDayStart, STATUS_PAGE_DAYS, type CheckStatus, type RolledHistory } from '@upmon/core';
import type pg from 'pg';
import { readStatusPageIncidents, type PublicIncidentData } from './public-status-incidents.js';
import { readStatusPageWindows, type PublicMaintenanceData } from './public-status-maintenance.js';
import { readUptimeHistories } from './uptime-days.js';

export interface PublicStatusCheck {
  /** Only to join flips here; never rendered. */
  id: string;
  name: string;
  status: CheckStatus;
  createdAt: Date;
  /** Its 90 days (maintenance taken out: excludeMaintenance) and its incidents from where the page's newest `listLimit` can start. */
  history: RolledHistory;
}

export interface PublicStatusPageData {
  title: string;
  groups: { name: string; checks: PublicStatusCheck[] }[];
  /** The project's maintenance windows and the checks' tags, for the maintenance section. */
  maintenance: PublicMaintenanceData;
  /** Incidents announced on the page: open ones and those resolved in the shown days, newest first. */
  incidents: PublicIncidentData[];
}

/**
 * An enabled status page (or, for the settings' preview, any: `unpublished`) by its public key, with its groups, their checks (name, status, created),
 * the project's maintenance windows, and each check's uptime history (stored day rollups plus
 * recent flips, with the maintenance that applied to it taken out: `readUptimeHistories`), or
 * null. Raw SQL on this public path: one query for the page and its checks, one for the
 * windows and one for the announced incidents, side by side, then those of `readUptimeHistories` for all the checks together (no
 * per-check round trips).
 */
export async function readPublicStatusPage(
  pool: pg.Pool,
  publicKey: string,
  now: Date,
  listLimit: number,
  unpublished = false,
): Promise<PublicStatusPageData | null> {
  const firstDay = utcDayStart(now.getTime()) - (STATUS_PAGE_DAYS - 1) * 86_400_000;
  const [{ rows }, windows, incidents] = await Promise.all([
    readPageChecks(pool, publicKey, unpublished),
    readStatusPageWindows(pool, publicKey, unpublished),
    readStatusPageIncidents(pool, publicKey, new Date(firstDay), unpublished),
  ]);
  const first = rows[0];
  if (!first) return null;
  const groups: PublicStatusPageData['groups'] = [];
  const byId = new Map<string, PublicStatusCheck>();
  const tagsOf = new Map<string, string[]>();
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
      // Set below, once every check is known.
      history: { days: [], incidents: [], incidentCount: 0 },
    };
    (groups[groups.length - 1] as PublicStatusPageData['groups'][number]).checks.push(check);
    byId.set(check.id, check);
    tagsOf.set(check.id, row.tags ?? []);
  }
  // The maintenance of the shown days (docs/status-pages.md), each window's occurrences computed once.
  const spans = maintenanceSpansByCheck(
    windows,
    [...tagsOf].map(([id, tags]) => ({ id, tags })),
    new Date(firstDay),
    now,
  );
  const histories = await readUptimeHistories(
    pool,
    [...byId.values()].map((c) => ({ id: c.id, createdAt: c.createdAt.getTime(), maintenance: spans.get(c.id) ?? [] })),
    now.getTime(),
    listLimit,
  );
  for (const [id, check] of byId) check.history = histories.get(id) as RolledHistory;
  return { title: first.title, groups, maintenance: { windows, tagsOf }, incidents };
}

/** The page's title, groups and checks in page order, one row per check (a group without checks: one row of nulls). */
function readPageChecks(pool: pg.Pool, publicKey: string, unpublished: boolean) {
  return pool.query<{
    title: string;
    group_id: number | null;
    group_name: string;
    id: string | null;
    name: string | null;
    status: CheckStatus | null;
    created_ms: number | null;
    tags: string[] | null;
  }>({
    name: 'public-status-page',
    text: `SELECT sp.title, g.id AS group_id, g.name AS group_name, c.id, c.name, c.status,
                  round(extract(epoch FROM c.created_at) * 1000)::float8 AS created_ms, c.tags
             FROM status_pages sp
             LEFT JOIN status_page_groups g ON g.status_page_id = sp.id
             LEFT JOIN status_page_checks sc ON sc.group_id = g.id
             LEFT JOIN checks c ON c.id = sc.check_id
            WHERE sp.public_key = $1 AND (sp.enabled OR $2::boolean)
            ORDER BY g.position, sc.position`,
    values: [publicKey, unpublished],
  });
}
