import { listIncidents, utcDayStart, STATUS_PAGE_DAYS, type CheckStatus, type UptimeDay } from '@upmon/core';
import type { PublicStatusPageData } from '../../queries/public-status-page.js';
import { checkIncidentDays, publicIncidentsView, type PublicIncidentsView } from './public-incidents-model.js';

/** The most recent incidents listed on a page; older ones are counted, not listed. */
export const LISTED_INCIDENTS = 50;

export interface PublicCheckView {
  name: string;
  status: CheckStatus;
  days: UptimeDay[];
  /** Up time ÷ monitored time over all shown days, time under maintenance left out of both; null when nothing was monitored. */
  uptime: number | null;
  /** Per shown day, the announced incidents that affected it (`Title (impact)`), for the bars' tooltips. */
  dayIncidents: string[][];
}

export interface PublicIncidentView {
  checkName: string;
  start: Date;
  end: Date | null;
  durationMs: number;
}

/** A shown day: its date and each check's uptime share that day's index. */
export interface DayLabel {
  /** `2026-03-09` (UTC). */
  date: string;
}

export interface PublicStatusView {
  title: string;
  now: Date;
  /** The shown days, oldest first (the same for every check). */
  days: DayLabel[];
  groups: { name: string; checks: PublicCheckView[] }[];
  /** Checks by current status, for the summary line. */
  counts: Record<CheckStatus, number>;
  incidents: PublicIncidentView[];
  /** Incidents in the shown days beyond the listed ones. */
  olderIncidents: number;
  /** Incidents people announced on the page (docs/status-pages.md, "Incidents"). */
  announced: PublicIncidentsView;
}

/** 00:00 UTC of the oldest shown day. */
function statusPageWindowStart(now: Date): Date {
  return new Date(utcDayStart(now.getTime()) - (STATUS_PAGE_DAYS - 1) * 86_400_000);
}

/** What the public page shows, from what was read (docs/status-pages.md). */
export function publicStatusView(data: PublicStatusPageData, now: Date): PublicStatusView {
  const counts: Record<CheckStatus, number> = { up: 0, late: 0, down: 0, paused: 0, new: 0 };
  const firstDay = statusPageWindowStart(now).getTime();
  const groups = data.groups.map((g) => ({
    name: g.name,
    checks: g.checks.map((c): PublicCheckView => {
      counts[c.status] += 1;
      let monitored = 0;
      let up = 0;
      for (const d of c.history.days) {
        monitored += d.monitoredMs;
        up += d.upMs;
      }
      const dayIncidents = checkIncidentDays(data.incidents, { id: c.id, groupName: g.name }, firstDay, STATUS_PAGE_DAYS, now.getTime());
      return { name: c.name, status: c.status, days: c.history.days, uptime: monitored > 0 ? up / monitored : null, dayIncidents };
    }),
  }));
  const list = listIncidents(
    data.groups.flatMap((g) => g.checks.map((c) => ({ check: c.name, incidents: c.history.incidents, incidentCount: c.history.incidentCount }))),
    LISTED_INCIDENTS,
  );
  const incidents = list.listed.map((i) => ({
    checkName: i.check,
    start: new Date(i.start),
    end: i.end === null ? null : new Date(i.end),
    durationMs: i.durationMs,
  }));
  const days = Array.from({ length: STATUS_PAGE_DAYS }, (_, i) => ({ date: new Date(firstDay + i * 86_400_000).toISOString().slice(0, 10) }));
  return {
    title: data.title,
    now,
    days,
    groups,
    counts,
    incidents,
    olderIncidents: list.older,
    announced: publicIncidentsView(data.incidents),
  };
}
