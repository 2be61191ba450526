import { createHash } from 'node:crypto';
import type { PublicIncidentData } from '../../queries/public-status-incidents.js';
import type { PublicStatusPageData } from '../../queries/public-status-page.js';

/**
 * The page in the shapes of Atlassian Statuspage's public API v2 (summary.json, status.json,
 * components.json, incidents.json, incidents/unresolved.json; docs/status-pages.md,
 * "Statuspage-compatible JSON"), so widgets and aggregators that read those work unchanged.
 * Components are the page's named groups (`group: true`) and its checks; their ids are derived
 * from the page's key and the check id or group name, so no check id is ever shown.
 */

type ComponentStatus = 'operational' | 'degraded_performance' | 'partial_outage' | 'major_outage' | 'under_maintenance';
type Indicator = 'none' | 'minor' | 'major' | 'critical';

const SEVERITY: Record<ComponentStatus, number> = { operational: 0, under_maintenance: 0, degraded_performance: 1, partial_outage: 2, major_outage: 3 };
const INDICATORS: readonly Indicator[] = ['none', 'minor', 'major', 'critical'];
const DESCRIPTIONS: Record<Indicator, string> = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major System Outage',
};

export const STATUSPAGE_DOCUMENTS = ['summary.json', 'status.json', 'components.json', 'incidents.json', 'incidents/unresolved.json'] as const;
export type StatuspageDocument = (typeof STATUSPAGE_DOCUMENTS)[number];

const iso = (d: Date) => d.toISOString();
/** A stable opaque id: 12 hex digits of a hash of the page's key and what it names. */
const opaqueId = (publicKey: string, what: string) => createHash('sha256').update(`${publicKey}\n${what}`).digest('hex').slice(0, 12);

function incidentImpact(i: PublicIncidentData): Indicator {
  let worst = 0;
  for (const c of i.components) worst = Math.max(worst, SEVERITY[c.impact]);
  return INDICATORS[worst] as Indicator;
}

/** Statuspage's incident object. */
function incidentJson(i: PublicIncidentData, pageId: string, pageUrl: string) {
  const oldest = i.updates[i.updates.length - 1];
  const monitoring = i.updates.find((u) => u.state === 'monitoring');
  const updatedAt = i.updates.reduce((t, u) => Math.max(t, (u.editedAt ?? u.createdAt).getTime()), i.startedAt.getTime());
  const affected = i.components.map((c) => ({ code: opaqueId(pageId, c.checkId ? `check:${c.checkId}` : `group:${c.groupName}`), name: c.name }));
  return {
    id: i.id,
    name: i.title,
    status: i.state,
    created_at: iso(oldest?.createdAt ?? i.startedAt),
    updated_at: iso(new Date(updatedAt)),
    monitoring_at: monitoring ? iso(monitoring.createdAt) : null,
    resolved_at: i.resolvedAt ? iso(i.resolvedAt) : null,
    impact: incidentImpact(i),
    shortlink: pageUrl,
    started_at: iso(i.startedAt),
    page_id: pageId,
    incident_updates: i.updates.map((u) => ({
      id: u.id,
      status: u.state,
      body: u.message,
      incident_id: i.id,
      created_at: iso(u.createdAt),
      updated_at: iso(u.editedAt ?? u.createdAt),
      display_at: iso(u.createdAt),
      affected_components: affected.map((a) => ({ ...a, old_status: 'operational', new_status: 'operational' })),
      deliver_notifications: false,
      custom_tweet: null,
      tweet_id: null,
    })),
    components: affected.map((a) => ({ id: a.code, name: a.name, page_id: pageId })),
  };
}

/**
 * The documents of one page as of `now`. A check's status: the worst impact an open incident
 * gives it (directly or through its group), else major_outage when it is down, under_maintenance
 * under maintenance, operational otherwise; a group's is the worst of its checks'.
 */
export function statuspageDocuments(input: {
  publicKey: string;
  pageUrl: string;
  data: PublicStatusPageData;
  underMaintenance: boolean[][];
  now: Date;
}): Record<StatuspageDocument, unknown> {
  const { publicKey: pageId, pageUrl, data, now } = input;
  const open = data.incidents.filter((i) => i.resolvedAt === null);
  const page = { id: pageId, name: data.title, url: pageUrl, time_zone: 'Etc/UTC', updated_at: iso(now) };
  const components: Record<string, unknown>[] = [];
  let worst = 0;
  data.groups.forEach((g, gi) => {
    const groupId = g.name === '' ? null : opaqueId(pageId, `group:${g.name}`);
    let groupSeverity = 0;
    const childIds: string[] = [];
    g.checks.forEach((c, ci) => {
      let status: ComponentStatus = c.status === 'down' ? 'major_outage' : input.underMaintenance[gi]?.[ci] ? 'under_maintenance' : 'operational';
      for (const i of open) {
        for (const comp of i.components) {
          const hits = comp.checkId === c.id || (groupId !== null && comp.groupName === g.name);
          if (hits && SEVERITY[comp.impact] > SEVERITY[status]) status = comp.impact;
        }
      }
      groupSeverity = Math.max(groupSeverity, SEVERITY[status]);
      const id = opaqueId(pageId, `check:${c.id}`);
      childIds.push(id);
      components.push({
        id,
        name: c.name,
        status,
        created_at: iso(c.createdAt),
        updated_at: iso(now),
        position: components.length + 1,
        description: null,
        showcase: true,
        start_date: null,
        group_id: groupId,
        page_id: pageId,
        group: false,
        only_show_if_degraded: false,
      });
    });
    worst = Math.max(worst, groupSeverity);
    if (groupId !== null) {
      const status = (Object.keys(SEVERITY) as ComponentStatus[]).find((s) => s !== 'under_maintenance' && SEVERITY[s] === groupSeverity) as ComponentStatus;
      components.push({
        id: groupId,
        name: g.name,
        status,
        created_at: iso(now),
        updated_at: iso(now),
        position: components.length + 1,
        description: null,
        showcase: false,
        start_date: null,
        group_id: null,
        page_id: pageId,
        group: true,
        only_show_if_degraded: false,
        components: childIds,
      });
    }
  });
  for (const i of open) worst = Math.max(worst, INDICATORS.indexOf(incidentImpact(i)));
  const indicator = INDICATORS[worst] as Indicator;
  const status = { indicator, description: DESCRIPTIONS[indicator] };
  const unresolved = open.map((i) => incidentJson(i, pageId, pageUrl));
  return {
    'summary.json': { page, components, incidents: unresolved, scheduled_maintenances: [], status },
    'status.json': { page, status },
    'components.json': { page, components },
    'incidents.json': { page, incidents: data.incidents.map((i) => incidentJson(i, pageId, pageUrl)) },
    'incidents/unresolved.json': { page, incidents: unresolved },
  };
}
