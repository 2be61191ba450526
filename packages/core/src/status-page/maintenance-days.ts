import { monitoredSegments, splitMonitoredTime, type Span } from './monitored-time.js';
import type { StatusChange, UptimeDay } from './uptime-history.js';

const DAY_MS = 86_400_000;

/** What a check did during one of its maintenance spans. */
export interface MaintenanceTimeline {
  /** A span of maintenance that applied to the check (merged: the spans of one check do not overlap). */
  span: Span;
  /** The check's last change before `span.start`, if any, and its changes in [span.start, span.end). */
  changes: readonly StatusChange[];
}

/**
 * A status page's days of one check with time under maintenance taken out of both monitored and
 * up time and reported apart (`maintenanceMs`), as the check page counts it (`splitMonitoredTime`):
 * down time under maintenance is not downtime, and the day's uptime is over the rest. The days'
 * totals come from every flip (or the rollups), so only the maintenance spans' own timelines are
 * needed to know how much of each day to take out. Pure; returns new days.
 */
export function excludeMaintenance(days: readonly UptimeDay[], createdAt: number, timelines: readonly MaintenanceTimeline[]): UptimeDay[] {
  const out = days.map((d) => ({ ...d }));
  const first = out[0]?.start ?? 0;
  for (const { span, changes } of timelines) {
    const segments = monitoredSegments(createdAt, changes, span.end);
    for (let i = Math.max(0, Math.floor((span.start - first) / DAY_MS)); i < out.length; i++) {
      const day = out[i] as UptimeDay;
      if (day.start >= span.end) break;
      const held = splitMonitoredTime(segments, [span], Math.max(day.start, span.start), Math.min(day.start + DAY_MS, span.end));
      day.maintenanceMs += held.maintenanceMs;
      day.monitoredMs -= held.maintenanceMs;
      day.upMs -= held.maintenanceMs - held.maintenanceDownMs;
    }
  }
  for (const d of out) d.uptime = d.monitoredMs > 0 ? d.upMs / d.monitoredMs : null;
  return out;
}
