import { uptimeHistory, utcDayStart, STATUS_PAGE_DAYS, type CheckStatus, type UptimeDay } from '@upmon/core';
import type { PublicStatusPageData } from '../../queries/public-status-page.js';

/** The most recent incidents listed on a page; older ones are counted, not listed. */
export const LISTED_INCIDENTS = 50;

export interface PublicCheckView {
  name: string;
  status: CheckStatus;
  days: UptimeDay[];
  /** Up time ÷ monitored time over all shown days; null when nothing was monitored. */
  uptime: number | null;
}

export interface PublicIncidentView {
  checkName: string;
  start: Date;
  end: Date | null;
  durationMs: number;
}

export interface PublicStatusView {
  title: string;
  now: Date;
  groups: { name: string; checks: PublicCheckView[] }[];
  /** Checks by current status, for the summary line. */
  counts: Record<CheckStatus, number>;
  incidents: PublicIncidentView[];
  /** Incidents in the shown days beyond the listed ones. */
  olderIncidents: number;
}

/** First instant whose flips the page needs (00:00 UTC of the oldest shown day). */
export function statusPageWindowStart(now: Date): Date {
  return new Date(utcDayStart(now.getTime()) - (STATUS_PAGE_DAYS - 1) * 86_400_000);
}

/** What the public page shows, from what was read (docs/status-pages.md). */
export function publicStatusView(data: PublicStatusPageData, now: Date): PublicStatusView {
  const counts: Record<CheckStatus, number> = { up: 0, late: 0, down: 0, paused: 0, new: 0 };
  const incidents: PublicIncidentView[] = [];
  const groups = data.groups.map((g) => ({
    name: g.name,
    checks: g.checks.map((c): PublicCheckView => {
      const h = uptimeHistory({ createdAt: c.createdAt, changes: c.changes, now });
      counts[c.status] += 1;
      for (const i of h.incidents) incidents.push({ checkName: c.name, ...i });
      let monitored = 0;
      let up = 0;
      for (const d of h.days) {
        monitored += d.monitoredMs;
        up += d.upMs;
      }
      return { name: c.name, status: c.status, days: h.days, uptime: monitored > 0 ? up / monitored : null };
    }),
  }));
  incidents.sort((a, b) => b.start.getTime() - a.start.getTime());
  return {
    title: data.title,
    now,
    groups,
    counts,
    incidents: incidents.slice(0, LISTED_INCIDENTS),
    olderIncidents: Math.max(0, incidents.length - LISTED_INCIDENTS),
  };
}
