import type { StatusPageIncidentUpdate } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import { INCIDENT_IMPACTS } from './incident-input.js';
import type { IncidentWithParts } from './incident-reads.js';
import type { IncidentResponse, IncidentUpdateResponse } from './incident-response-schema.js';

const orNull = (d: Date | null) => (d ? isoTimestamp(d) : null);

/** The worst impact of an incident's components, or none. */
function worstImpact(components: readonly { impact: string }[]): string {
  let worst = -1;
  for (const c of components) worst = Math.max(worst, INCIDENT_IMPACTS.indexOf(c.impact as (typeof INCIDENT_IMPACTS)[number]));
  return worst < 0 ? 'none' : (INCIDENT_IMPACTS[worst] as string);
}

export function presentIncidentUpdate(u: StatusPageIncidentUpdate): IncidentUpdateResponse {
  return { id: u.id, state: u.state, message: u.message, created_at: isoTimestamp(u.createdAt), edited_at: orNull(u.editedAt) };
}

/** An incident as the API shows it (docs/api.md, "Incidents"). */
export function presentIncident(i: IncidentWithParts): IncidentResponse {
  return {
    id: i.id,
    title: i.title,
    state: i.state,
    impact: worstImpact(i.components),
    components: i.components.map((c) => ({ check: c.checkId, group: c.groupName, name: c.name, impact: c.impact })),
    started_at: isoTimestamp(i.startedAt),
    resolved_at: orNull(i.resolvedAt),
    updated_at: isoTimestamp(i.updatedAt),
    updates: i.updates.map(presentIncidentUpdate),
  };
}
