import type { PublicIncidentData } from '../../queries/public-status-incidents.js';

type Impact = PublicIncidentData['components'][number]['impact'];

export const IMPACT_WORDS: Record<Impact, string> = {
  degraded_performance: 'degraded performance',
  partial_outage: 'partial outage',
  major_outage: 'major outage',
};

export const STATE_WORDS: Record<PublicIncidentData['state'], string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

const IMPACT_ORDER: readonly Impact[] = ['degraded_performance', 'partial_outage', 'major_outage'];
const DAY_MS = 86_400_000;

/** The announced incidents of a page: open ones (newest first) at the top, resolved ones in its history. */
export interface PublicIncidentsView {
  active: PublicIncidentData[];
  resolved: PublicIncidentData[];
}

export function publicIncidentsView(incidents: readonly PublicIncidentData[]): PublicIncidentsView {
  return { active: incidents.filter((i) => i.resolvedAt === null), resolved: incidents.filter((i) => i.resolvedAt !== null) };
}

/**
 * For one check of a group: per shown day (oldest first, `days` from `firstDay`, UTC), the
 * incidents that affected it that day, as `Title (major outage)`: those naming the check or its
 * group, from their start to their resolution (or now). Plain text: the caller escapes it.
 */
export function checkIncidentDays(
  incidents: readonly PublicIncidentData[],
  check: { id: string; groupName: string },
  firstDay: number,
  days: number,
  now: number,
): string[][] {
  const out: string[][] = Array.from({ length: days }, () => []);
  // Oldest first, so a day lists its incidents in the order they began.
  for (const incident of [...incidents].reverse()) {
    let worst = -1;
    for (const c of incident.components) {
      const hits = c.checkId === check.id || (c.groupName !== null && c.groupName !== '' && c.groupName === check.groupName);
      if (hits) worst = Math.max(worst, IMPACT_ORDER.indexOf(c.impact));
    }
    if (worst < 0) continue;
    const start = incident.startedAt.getTime();
    const end = Math.max(start, (incident.resolvedAt?.getTime() ?? now) - 1);
    const from = Math.max(0, Math.floor((start - firstDay) / DAY_MS));
    const to = Math.min(days - 1, Math.floor((end - firstDay) / DAY_MS));
    const label = `${incident.title} (${IMPACT_WORDS[IMPACT_ORDER[worst] as Impact]})`;
    for (let d = from; d <= to; d += 1) (out[d] as string[]).push(label);
  }
  return out;
}
