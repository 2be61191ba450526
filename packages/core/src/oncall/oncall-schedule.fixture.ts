import type { Layer } from './oncall-schedule.js';

/** A layer with every field given, so a test states only what it is about. */
export function layer(fields: Partial<Layer> = {}): Layer {
  return {
    userIds: ['ann', 'bob', 'cid'],
    rotation: { unit: 'days', count: 1 },
    anchorDate: '2026-01-05',
    handoffTime: '09:00',
    tz: 'UTC',
    startsAt: null,
    endsAt: null,
    restrictions: [],
    ...fields,
  };
}
