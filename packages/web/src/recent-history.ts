import { monitoredSegments, overlapMs, splitMonitoredTime, walkTimeline, type CheckStatus, type Span, type StatusChange } from '@upmon/core';

/** The dashboard's history window: the last 24 hours, in hourly slots (docs/web.md, "Dashboard"). */
export const RECENT_WINDOW_MS = 24 * 3_600_000;
export const RECENT_SLOTS = 24;

/**
 * What one slot of the strip shows: the worst status the check had in it outside maintenance
 * (down, then late, up, paused), `maintenance` when it was monitored only under maintenance, and
 * `none` before the check existed or while it was new.
 */
export type SlotStatus = 'down' | 'late' | 'up' | 'paused' | 'maintenance' | 'none';

const RANK: Record<SlotStatus, number> = { none: 0, maintenance: 1, paused: 2, up: 3, late: 4, down: 5 };

export interface RecentHistory {
  /** Uptime over the window, as on the check page (late counts as up, maintenance taken out); null when nothing was monitored. */
  uptime: number | null;
  /** The window's slots, oldest first. */
  slots: SlotStatus[];
}

export interface RecentHistoryInput {
  /** When the check was created (ms). */
  createdAt: number;
  /** Its last flip before the window began, if any, and every flip since (ts and new_status), oldest first. */
  changes: readonly StatusChange[];
  /** Maintenance that applied to it in the window, merged (core's maintenanceSpansByCheck). */
  maintenance: readonly Span[];
  now: number;
  windowMs?: number;
  slots?: number;
}

/**
 * A check's uptime and its history strip over the last `windowMs` (24 h by default) in `slots`
 * equal slots ending now: the check page's timeline walk (core's `walkTimeline`), so the figure
 * equals the check page's "24 hours". Pure: `now` is passed in.
 */
export function recentHistory({ createdAt, changes, maintenance, now, windowMs = RECENT_WINDOW_MS, slots = RECENT_SLOTS }: RecentHistoryInput): RecentHistory {
  const from = now - windowMs;
  const width = windowMs / slots;
  const out: SlotStatus[] = new Array<SlotStatus>(slots).fill('none');
  const mark = (i: number, status: SlotStatus) => {
    if (RANK[status] > RANK[out[i] as SlotStatus]) out[i] = status;
  };
  walkTimeline(
    createdAt,
    changes,
    now,
    (start, end, status) => {
      if (status === 'new') return;
      const a = Math.max(start, from);
      const b = Math.min(end, now);
      for (let i = Math.max(0, Math.floor((a - from) / width)); i < slots && from + i * width < b; i++) {
        const s = Math.max(a, from + i * width);
        const e = Math.min(b, from + (i + 1) * width);
        if (e <= s) continue;
        const held = status === 'paused' ? 0 : overlapMs(maintenance, s, e);
        mark(i, held < e - s ? (status as SlotStatus) : 'maintenance');
      }
    },
    () => undefined,
  );
  const t = splitMonitoredTime(monitoredSegments(createdAt, changes, now), maintenance, from, now);
  return { uptime: t.monitoredMs > 0 ? (t.monitoredMs - t.downMs) / t.monitoredMs : null, slots: out };
}

/** The strip in words (its accessible name): "Last 24 hours: down in 2 hours, late in 1 hour". Slots are hours. */
export function slotsInWords(slots: readonly SlotStatus[]): string {
  const count = (s: SlotStatus) => slots.filter((x) => x === s).length;
  const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;
  const parts: string[] = [];
  if (count('down')) parts.push(`down in ${hours(count('down'))}`);
  if (count('late')) parts.push(`late in ${hours(count('late'))}`);
  if (count('maintenance')) parts.push(`under maintenance in ${hours(count('maintenance'))}`);
  if (count('paused')) parts.push(`paused in ${hours(count('paused'))}`);
  if (parts.length === 0) parts.push(count('up') ? 'up throughout' : 'not monitored');
  return `Last ${hours(slots.length)}: ${parts.join(', ')}`;
}
