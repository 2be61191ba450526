import type { Restriction, Shift } from '@upmon/core';
import type { OncallLayer, OncallOverride } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import type { OncallScheduleWithLayers } from './oncall-reads.js';
import type { OncallLayerResponse, OncallNowResponse, OncallOverrideResponse, OncallScheduleResponse, OncallShiftResponse } from './oncall-response-schema.js';

const orNull = (d: Date | null) => (d ? isoTimestamp(d) : null);

export function presentOncallLayer(l: OncallLayer): OncallLayerResponse {
  return {
    id: l.id,
    name: l.name,
    position: l.position,
    users: l.userIds,
    rotation: { unit: l.rotationUnit, count: l.rotationCount },
    anchor_date: l.anchorDate,
    handoff_time: l.handoffTime,
    tz: l.tz,
    starts_at: orNull(l.startsAt),
    ends_at: orNull(l.endsAt),
    restrictions: (l.restrictions as unknown as Restriction[]).map((r) => ({ days: [...r.days], from: r.from, to: r.to })),
    created_at: isoTimestamp(l.createdAt),
  };
}

export function presentOncallSchedule(s: OncallScheduleWithLayers): OncallScheduleResponse {
  return { id: s.id, name: s.name, description: s.description, layers: s.layers.map(presentOncallLayer), created_at: isoTimestamp(s.createdAt) };
}

export function presentOncallOverride(o: OncallOverride): OncallOverrideResponse {
  return { id: o.id, user: o.userId, starts_at: isoTimestamp(o.startsAt), ends_at: isoTimestamp(o.endsAt), created_at: isoTimestamp(o.createdAt) };
}

export function presentOncallShift(s: Shift, names: ReadonlyMap<string, string>): OncallShiftResponse {
  return { user: s.userId, user_name: names.get(s.userId) ?? s.userId, starts_at: isoTimestamp(s.start), ends_at: isoTimestamp(s.end) };
}

/** Who is on call at `at` and who is next (GET …/on-call). */
export function presentOncallNow(at: Date, shifts: { now: Shift | null; next: Shift | null }, names: ReadonlyMap<string, string>): OncallNowResponse {
  const shift = (s: Shift | null) => (s ? presentOncallShift(s, names) : null);
  return { at: isoTimestamp(at), now: shift(shifts.now), next: shift(shifts.next) };
}
