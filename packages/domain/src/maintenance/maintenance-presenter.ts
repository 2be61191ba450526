import { activeOccurrence, maintenanceSpecOf, nextOccurrence, type Occurrence } from '@upmon/core';
import type { MaintenanceWindow } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import type { MaintenanceResponse } from './maintenance-response-schema.js';

const span = (o: Occurrence | null) => (o ? { starts_at: isoTimestamp(o.start), ends_at: isoTimestamp(o.end) } : null);
const orNull = (d: Date | null) => (d ? isoTimestamp(d) : null);

/** The API representation of a maintenance window (docs/api.md, "Maintenance windows"), as of `now`. */
export function presentMaintenance(w: MaintenanceWindow, now: Date): MaintenanceResponse {
  const spec = maintenanceSpecOf(w);
  const current = activeOccurrence(spec, now);
  const next = nextOccurrence(spec, now);
  return {
    id: w.id,
    name: w.name,
    kind: w.schedule === null ? 'one_off' : 'recurring',
    scope: w.scope,
    checks: w.checkIds,
    tags: w.tags,
    starts_at: orNull(w.startsAt),
    ends_at: orNull(w.endsAt),
    schedule: w.schedule,
    tz: w.tz,
    duration_min: w.durationMin,
    ended_at: orNull(w.endedAt),
    status: current ? 'active' : next ? 'upcoming' : 'past',
    current: span(current),
    next: span(next),
    created_at: isoTimestamp(w.createdAt),
  };
}
