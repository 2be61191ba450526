import type { StatusChange } from './uptime-history.js';
import { walkTimeline } from './uptime-rollup.js';

/**
 * Monitored time split at maintenance, shared by the check page (`checkAvailability`) and the
 * status pages (`excludeMaintenance`), so both count maintenance the same way (docs/web.md,
 * "Uptime and downtime"; docs/status-pages.md). Pure.
 */

/** A time span [start, end) in ms since the epoch. */
export interface Span {
  start: number;
  end: number;
}

/** A span of one status while monitored (up, late or down; late counts as up). */
export interface MonitoredSegment {
  start: number;
  end: number;
  down: boolean;
}

/** Monitored time of [from, to), outside and inside maintenance. */
export interface MonitoredTime {
  /** Monitored time outside maintenance. */
  monitoredMs: number;
  /** Down time outside maintenance. */
  downMs: number;
  /** Monitored time under maintenance: neither up nor down. */
  maintenanceMs: number;
  /** The part of maintenanceMs the check was down. */
  maintenanceDownMs: number;
}

/** Sorted, non-overlapping spans covering the same time. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** How much of [a, b) lies inside the merged `spans`. */
export function overlapMs(spans: readonly Span[], a: number, b: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as Span).end <= a) lo = mid + 1;
    else hi = mid;
  }
  let total = 0;
  for (let i = lo; i < spans.length && (spans[i] as Span).start < b; i++) {
    const s = spans[i] as Span;
    total += Math.max(0, Math.min(b, s.end) - Math.max(a, s.start));
  }
  return total;
}

/**
 * The monitored segments of a check's timeline from its creation to `now` (the status pages'
 * walk: new and paused are not monitored), oldest first; `onIncident` gets its down episodes.
 */
export function monitoredSegments(
  createdAt: number,
  changes: readonly StatusChange[],
  now: number,
  onIncident: (start: number, end: number | null) => void = () => undefined,
): MonitoredSegment[] {
  const out: MonitoredSegment[] = [];
  walkTimeline(
    createdAt,
    changes,
    now,
    (start, end, status) => {
      if (status === 'up' || status === 'late' || status === 'down') out.push({ start, end, down: status === 'down' });
    },
    onIncident,
  );
  return out;
}

/** The monitored time of `segments` within [from, to), split at the merged maintenance `spans`. */
export function splitMonitoredTime(segments: readonly MonitoredSegment[], spans: readonly Span[], from: number, to: number): MonitoredTime {
  const t: MonitoredTime = { monitoredMs: 0, downMs: 0, maintenanceMs: 0, maintenanceDownMs: 0 };
  for (const m of segments) {
    const a = Math.max(m.start, from);
    const b = Math.min(m.end, to);
    if (b <= a) continue;
    const held = overlapMs(spans, a, b);
    t.maintenanceMs += held;
    t.monitoredMs += b - a - held;
    if (m.down) {
      t.downMs += b - a - held;
      t.maintenanceDownMs += held;
    }
  }
  return t;
}
