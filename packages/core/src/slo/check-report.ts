import { mergeSpans, monitoredSegments, overlapMs, splitMonitoredTime, type MonitoredTime } from '../status-page/monitored-time.js';
import type { CheckTimeline } from './slo-budget.js';
import type { TimeRange } from './slo-window.js';

/** A down episode of a check that overlaps a report's range. */
export interface ReportIncident {
  start: number;
  /** null: still down when the range ends (or now, for a range not over). */
  end: number | null;
  /** From its start (possibly before the range) to its end or the range's end, maintenance included. */
  durationMs: number;
  /** The part of it in the range and outside maintenance: what it cost the range's uptime. */
  countedMs: number;
}

export interface CheckReport extends MonitoredTime {
  /** (monitored − down) ÷ monitored in the range, outside maintenance; null when nothing was monitored. */
  availability: number | null;
  /** Oldest first. */
  incidents: ReportIncident[];
}

/**
 * One check's part of a report (docs/slos.md, "Reports") over [from, min(to, now)): its counted
 * time (the status pages' rule: late is up, new and paused are not monitored, maintenance is
 * neither) and its down episodes that overlap the range. Pure.
 */
export function checkReport(t: CheckTimeline, range: TimeRange, now: number): CheckReport {
  const end = Math.min(range.to, now);
  const spans = mergeSpans(t.maintenance);
  const incidents: ReportIncident[] = [];
  // The walk stops at the range's end: an episode still down there ends with the walk (stop null).
  const segments = monitoredSegments(t.createdAt, t.changes, Math.max(end, range.from), (start, stop) => {
    const until = stop ?? end;
    if (until <= range.from || start >= end) return;
    const a = Math.max(start, range.from);
    incidents.push({ start, end: stop, durationMs: until - start, countedMs: until - a - overlapMs(spans, a, until) });
  });
  const totals =
    end > range.from ? splitMonitoredTime(segments, spans, range.from, end) : { monitoredMs: 0, downMs: 0, maintenanceMs: 0, maintenanceDownMs: 0 };
  return { ...totals, availability: totals.monitoredMs > 0 ? (totals.monitoredMs - totals.downMs) / totals.monitoredMs : null, incidents };
}
