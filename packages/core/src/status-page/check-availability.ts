import { mergeSpans, monitoredSegments, overlapMs, splitMonitoredTime, type Span } from './monitored-time.js';
import type { StatusChange } from './uptime-history.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The periods a check page shows uptime over, ending now. */
export const AVAILABILITY_PERIODS = [
  { name: '24h', label: '24 hours', ms: DAY_MS },
  { name: '7d', label: '7 days', ms: 7 * DAY_MS },
  { name: '30d', label: '30 days', ms: 30 * DAY_MS },
  { name: '365d', label: '365 days', ms: 365 * DAY_MS },
] as const;

/** Months (UTC, the current one included) whose downtime a check page lists. */
export const AVAILABILITY_MONTHS = 12;

export interface Availability {
  /** Monitored time (up, late or down) outside maintenance. */
  monitoredMs: number;
  /** Time down outside maintenance. */
  downMs: number;
  /** Monitored time under maintenance: neither up nor down. */
  maintenanceMs: number;
  /** (monitored − down) ÷ monitored, outside maintenance; null when nothing was monitored. */
  uptime: number | null;
}

export interface PeriodAvailability extends Availability {
  name: (typeof AVAILABILITY_PERIODS)[number]['name'];
  label: string;
}

export interface MonthDowntime extends Availability {
  /** 00:00 UTC of the month's first day. */
  start: number;
  /** Down episodes with down time outside maintenance in this month (one spanning two months counts in both). */
  downtimes: number;
}

export interface CheckAvailability {
  periods: PeriodAvailability[];
  /** Newest first, AVAILABILITY_MONTHS of them (none before the check's creation month). */
  months: MonthDowntime[];
}

export interface CheckAvailabilityInput {
  /** When the check was created (ms). */
  createdAt: number;
  /** Its last change before the longest period began, if any, and every change since (flips' ts and new_status). */
  changes: readonly StatusChange[];
  /** Maintenance that applied to the check, any order, overlapping or not. */
  maintenance: readonly Span[];
  now: number;
}

/** Start of the UTC month holding `t`, and of the one `k` months before it. */
function utcMonthStart(t: number, k = 0): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k, 1);
}

/**
 * A check's uptime over the last 24 hours, 7, 30 and 365 days, and its downtime per UTC month
 * (docs/web.md, "Uptime and downtime"), from its flips: the status pages' timeline (late counts as
 * up; new and paused are not monitored), with time under maintenance taken out of both uptime and
 * downtime and reported apart. Pure: `now` is passed in.
 */
export function checkAvailability({ createdAt, changes, maintenance, now }: CheckAvailabilityInput): CheckAvailability {
  const spans = mergeSpans(maintenance);
  const episodes: Span[] = [];
  const monitored = monitoredSegments(createdAt, changes, now, (start, end) => episodes.push({ start, end: end ?? now }));

  const availability = (from: number, to: number): Availability => {
    const { monitoredMs, downMs, maintenanceMs } = splitMonitoredTime(monitored, spans, from, to);
    return { monitoredMs, downMs, maintenanceMs, uptime: monitoredMs > 0 ? (monitoredMs - downMs) / monitoredMs : null };
  };

  const periods = AVAILABILITY_PERIODS.map((p) => ({ name: p.name, label: p.label, ...availability(now - p.ms, now) }));
  const months: MonthDowntime[] = [];
  const firstMonth = utcMonthStart(createdAt);
  for (let k = 0; k < AVAILABILITY_MONTHS; k++) {
    const start = utcMonthStart(now, k);
    if (start < firstMonth) break;
    const end = Math.min(utcMonthStart(now, k - 1), now);
    const downtimes = episodes.filter((e) => {
      const a = Math.max(e.start, start);
      const b = Math.min(e.end, end);
      return b > a && b - a - overlapMs(spans, a, b) > 0;
    }).length;
    months.push({ start, downtimes, ...availability(start, end) });
  }
  return { periods, months };
}
