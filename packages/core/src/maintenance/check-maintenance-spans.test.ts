import { windowSpec } from './maintenance-window.fixture.js';
import { maintenanceSpansByCheck } from './check-maintenance-spans.js';
import type { MaintenanceWindowSpec } from './maintenance-window.js';

const at = (iso: string) => new Date(iso);
const base = windowSpec();
const oneOff = (startsAt: string, endsAt: string, scope: Partial<MaintenanceWindowSpec> = {}): MaintenanceWindowSpec => ({
  ...base,
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  ...scope,
});
const iso = (spans: { start: number; end: number }[] | undefined) =>
  (spans ?? []).map((s) => `${new Date(s.start).toISOString().slice(5, 16)}/${new Date(s.end).toISOString().slice(5, 16)}`);

describe('maintenanceSpansByCheck', () => {
  const checks = [
    { id: 'a', tags: ['db', 'eu'] },
    { id: 'b', tags: ['web'] },
    { id: 'c', tags: [] },
  ];

  test('each check gets the windows that cover it (project, its tags, its id), clipped to the range and merged', () => {
    const spans = maintenanceSpansByCheck(
      [
        oneOff('2026-11-01T10:00:00Z', '2026-11-01T12:00:00Z'),
        oneOff('2026-11-01T11:00:00Z', '2026-11-01T13:00:00Z', { scope: 'tags', tags: ['db'] }),
        oneOff('2026-11-02T10:00:00Z', '2026-11-02T11:00:00Z', { scope: 'checks', checkIds: ['b'] }),
        oneOff('2026-11-03T10:00:00Z', '2026-11-03T11:00:00Z', { scope: 'tags', tags: ['nowhere'] }),
        // Before the range, and after it.
        oneOff('2026-10-01T10:00:00Z', '2026-10-01T11:00:00Z'),
        oneOff('2026-11-04T01:00:00Z', '2026-11-04T02:00:00Z'),
      ],
      checks,
      at('2026-11-01T10:30:00Z'),
      at('2026-11-04T00:00:00Z'),
    );
    expect(iso(spans.get('a'))).toEqual(['11-01T10:30/11-01T13:00']);
    expect(iso(spans.get('b'))).toEqual(['11-01T10:30/11-01T12:00', '11-02T10:00/11-02T11:00']);
    expect(iso(spans.get('c'))).toEqual(['11-01T10:30/11-01T12:00']);
    expect([...spans.keys()]).toEqual(['a', 'b', 'c']);
  });

  test('recurring windows in their zone, and an unknown scope (as maintenanceSpecOf reads it) covers nothing', () => {
    const spans = maintenanceSpansByCheck(
      [
        { ...base, scope: 'tags', tags: ['eu'], schedule: '0 3 * * *', tz: 'Europe/Berlin', durationMin: 60 },
        { ...base, scope: 'checks', checkIds: [] },
      ],
      checks,
      at('2026-11-01T00:00:00Z'),
      at('2026-11-03T00:00:00Z'),
    );
    expect(iso(spans.get('a'))).toEqual(['11-01T02:00/11-01T03:00', '11-02T02:00/11-02T03:00']);
    expect(spans.get('b')).toEqual([]);
    expect(spans.get('c')).toEqual([]);
  });
});
