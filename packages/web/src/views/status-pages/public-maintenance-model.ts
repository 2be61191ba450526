import { activeOccurrence, nextOccurrence, windowAppliesTo } from '@upmon/core';
import type { PublicStatusPageData } from '../../queries/public-status-page.js';

/** Upcoming maintenance is announced this long before it starts. */
export const MAINTENANCE_ANNOUNCED_DAYS = 7;

export interface PublicMaintenanceItem {
  start: Date;
  end: Date;
  active: boolean;
  /** Names of the page's checks it applies to, in page order. */
  checkNames: string[];
}

export interface PublicMaintenanceView {
  /** In progress first, then upcoming by start. */
  items: PublicMaintenanceItem[];
  /** Per group, per check (the page's order): under maintenance now. */
  underMaintenance: boolean[][];
}

/**
 * The maintenance a public status page shows: windows in progress or starting within a week that
 * apply to checks on the page, with those checks' names and the times (never a window's name or
 * scope: they are the project's private words), and which checks are under maintenance now.
 */
export function publicMaintenanceView(page: PublicStatusPageData, now: Date): PublicMaintenanceView {
  const data = page.maintenance;
  const checks = page.groups.flatMap((g) => g.checks);
  const horizon = now.getTime() + MAINTENANCE_ANNOUNCED_DAYS * 86_400_000;
  const under = new Set<string>();
  const items: PublicMaintenanceItem[] = [];
  for (const w of data.windows) {
    const applies = checks.filter((c) => windowAppliesTo(w, { id: c.id, tags: data.tagsOf.get(c.id) ?? [] }));
    if (applies.length === 0) continue;
    const current = activeOccurrence(w, now);
    const occurrence = current ?? nextOccurrence(w, now);
    if (!occurrence || (!current && occurrence.start.getTime() > horizon)) continue;
    if (current) for (const c of applies) under.add(c.id);
    items.push({ start: occurrence.start, end: occurrence.end, active: current !== null, checkNames: [...new Set(applies.map((c) => c.name))] });
  }
  items.sort((a, b) => Number(b.active) - Number(a.active) || a.start.getTime() - b.start.getTime());
  return { items, underMaintenance: page.groups.map((g) => g.checks.map((c) => under.has(c.id))) };
}
