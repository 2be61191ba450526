import type pg from 'pg';

/** Resolved incidents listed on a public page, at most (newest first); the API lists them all. */
export const LISTED_RESOLVED_INCIDENTS = 50;

export interface PublicIncidentData {
  /** Only for the Statuspage-compatible JSON (its incidents have ids); never rendered. */
  id: string;
  title: string;
  state: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  startedAt: Date;
  resolvedAt: Date | null;
  components: { checkId: string | null; groupName: string | null; name: string; impact: 'degraded_performance' | 'partial_outage' | 'major_outage' }[];
  /** Newest first. */
  updates: { id: string; state: PublicIncidentData['state']; message: string; createdAt: Date; editedAt: Date | null }[];
}

type Row = Omit<PublicIncidentData, 'startedAt' | 'resolvedAt' | 'updates'> & {
  started_at: Date;
  resolved_at: Date | null;
  updates: { id: string; state: PublicIncidentData['state']; message: string; created_at: string; edited_at: string | null }[];
};

/**
 * The incidents a public page shows (docs/status-pages.md, "Incidents"): every one not resolved
 * (at most 20 by the API's limit) and the newest LISTED_RESOLVED_INCIDENTS resolved since `since`
 * (the first shown day), each with its components and updates, in one query.
 */
export async function readStatusPageIncidents(pool: pg.Pool, publicKey: string, since: Date, unpublished = false): Promise<PublicIncidentData[]> {
  const { rows } = await pool.query<Row>({
    name: 'status-page-incidents',
    text: `WITH page AS (SELECT id FROM status_pages WHERE public_key = $1 AND (enabled OR $3::boolean)),
                shown AS (
                  (SELECT i.* FROM status_page_incidents i, page WHERE i.status_page_id = page.id AND i.resolved_at IS NULL)
                  UNION ALL
                  (SELECT i.* FROM status_page_incidents i, page WHERE i.status_page_id = page.id AND i.resolved_at >= $2
                    ORDER BY i.started_at DESC, i.id DESC LIMIT ${LISTED_RESOLVED_INCIDENTS}))
           SELECT s.id, s.title, s.state, s.started_at, s.resolved_at,
                  coalesce((SELECT json_agg(json_build_object('checkId', c.check_id, 'groupName', c.group_name, 'name', c.name, 'impact', c.impact)
                                            ORDER BY c.position)
                              FROM status_page_incident_components c WHERE c.incident_id = s.id), '[]') AS components,
                  coalesce((SELECT json_agg(json_build_object('id', u.id, 'state', u.state, 'message', u.message, 'created_at', u.created_at, 'edited_at', u.edited_at)
                                            ORDER BY u.created_at DESC, u.id DESC)
                              FROM status_page_incident_updates u WHERE u.incident_id = s.id), '[]') AS updates
             FROM shown s
            ORDER BY s.started_at DESC, s.id DESC`,
    values: [publicKey, since, unpublished],
  });
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    state: r.state,
    startedAt: r.started_at,
    resolvedAt: r.resolved_at,
    components: r.components,
    updates: r.updates.map((u) => ({
      id: u.id,
      state: u.state,
      message: u.message,
      createdAt: new Date(u.created_at),
      editedAt: u.edited_at === null ? null : new Date(u.edited_at),
    })),
  }));
}
