import { mergeSpans, type Span } from '../status-page/monitored-time.js';
import { maintenanceSpansBetween, windowAppliesTo, type MaintenanceWindowSpec } from './maintenance-window.js';

/**
 * Which maintenance applied to each check during [from, to): per check, the merged spans of the
 * windows that cover it (windowAppliesTo, by the check's current tags), for its uptime on the
 * check page and on status pages. Each window's occurrences are computed once, however many
 * checks it covers (one cron step can cost ~0.5 ms). Pure: both ends are passed in.
 */
export function maintenanceSpansByCheck(
  windows: readonly MaintenanceWindowSpec[],
  checks: readonly { id: string; tags: readonly string[] }[],
  from: Date,
  to: Date,
): Map<string, Span[]> {
  const spans = new Map<string, Span[]>(checks.map((c) => [c.id, []]));
  for (const w of windows) {
    const covered = checks.filter((c) => windowAppliesTo(w, c));
    if (covered.length === 0) continue;
    const occurrences = maintenanceSpansBetween(w, from, to);
    for (const c of covered) spans.get(c.id)?.push(...occurrences);
  }
  for (const [id, list] of spans) spans.set(id, mergeSpans(list));
  return spans;
}
