import { windowSpec } from './maintenance-window.fixture.js';
import {
  activeOccurrence,
  maintenanceOf,
  maintenanceSpecOf,
  maintenanceSpansBetween,
  maintenanceState,
  nextOccurrence,
  validateMaintenanceSchedule,
  windowAppliesTo,
  type MaintenanceWindowSpec,
} from './maintenance-window.js';

const at = (iso: string) => new Date(iso);
const base = windowSpec();
const oneOff = (startsAt: string, endsAt: string, endedAt: string | null = null): MaintenanceWindowSpec => ({
  ...base,
  startsAt: at(startsAt),
  endsAt: at(endsAt),
  endedAt: endedAt ? at(endedAt) : null,
});
const recurring = (schedule: string, durationMin: number, tz = 'Europe/Berlin', endedAt: string | null = null): MaintenanceWindowSpec => ({
  ...base,
  schedule,
  tz,
  durationMin,
  endedAt: endedAt ? at(endedAt) : null,
});
const iso = (o: { start: Date; end: Date } | null) => (o ? [o.start.toISOString(), o.end.toISOString()] : null);

describe('one-off windows', () => {
  const w = oneOff('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z');
  it('is active for start <= t < end', () => {
    expect(activeOccurrence(w, at('2026-11-24T09:59:59.999Z'))).toBeNull();
    expect(iso(activeOccurrence(w, at('2026-11-24T10:00:00Z')))).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z']);
    expect(activeOccurrence(w, at('2026-11-24T10:59:59.999Z'))).not.toBeNull();
    expect(activeOccurrence(w, at('2026-11-24T11:00:00Z'))).toBeNull();
  });

  it('is upcoming, then active, then past', () => {
    expect(maintenanceState(w, at('2026-11-24T09:00:00Z'))).toBe('upcoming');
    expect(iso(nextOccurrence(w, at('2026-11-24T09:00:00Z')))).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z']);
    expect(maintenanceState(w, at('2026-11-24T10:30:00Z'))).toBe('active');
    expect(maintenanceState(w, at('2026-11-24T11:00:00Z'))).toBe('past');
  });

  it('closed early ends at ended_at; closed before it started never happens', () => {
    const closed = oneOff('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z', '2026-11-24T10:30:00Z');
    expect(iso(activeOccurrence(closed, at('2026-11-24T10:15:00Z')))).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T10:30:00.000Z']);
    expect(activeOccurrence(closed, at('2026-11-24T10:30:00Z'))).toBeNull();
    expect(maintenanceState(closed, at('2026-11-24T10:30:00Z'))).toBe('past');
    const cancelled = oneOff('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z', '2026-11-24T09:00:00Z');
    expect(activeOccurrence(cancelled, at('2026-11-24T10:15:00Z'))).toBeNull();
    expect(maintenanceState(cancelled, at('2026-11-24T09:30:00Z'))).toBe('past');
  });
});

describe('recurring windows (Europe/Berlin)', () => {
  it('a daily occurrence spanning midnight', () => {
    const w = recurring('30 23 * * *', 60); // 23:30 CET = 22:30 UTC
    expect(iso(activeOccurrence(w, at('2026-11-24T23:15:00Z')))).toEqual(['2026-11-24T22:30:00.000Z', '2026-11-24T23:30:00.000Z']);
    expect(activeOccurrence(w, at('2026-11-24T22:29:59Z'))).toBeNull();
    expect(activeOccurrence(w, at('2026-11-24T23:30:00Z'))).toBeNull();
    expect(iso(nextOccurrence(w, at('2026-11-24T23:30:00Z')))).toEqual(['2026-11-25T22:30:00.000Z', '2026-11-25T23:30:00.000Z']);
    expect(maintenanceState(w, at('2026-11-24T23:30:00Z'))).toBe('upcoming');
  });

  it('spring forward: a duration is elapsed time, so 01:30 CET + 120 min ends at 04:30 CEST', () => {
    const w = recurring('30 1 * * *', 120);
    expect(iso(activeOccurrence(w, at('2026-03-29T02:15:00Z')))).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T02:30:00.000Z']);
    expect(activeOccurrence(w, at('2026-03-29T02:30:00Z'))).toBeNull();
  });

  it('spring forward: a start time that does not exist that day is skipped (the schedule rule)', () => {
    const w = recurring('30 2 * * *', 60);
    expect(activeOccurrence(w, at('2026-03-29T01:00:00Z'))).toBeNull(); // 03:00 CEST
    expect(iso(nextOccurrence(w, at('2026-03-28T23:00:00Z')))).toEqual(['2026-03-30T00:30:00.000Z', '2026-03-30T01:30:00.000Z']);
  });

  it.each(['30 2 * * *', '*-*-* 02:30:00'])('fall back: %s starts once, at the first 02:30, and lasts 60 real minutes', (schedule) => {
    const w = recurring(schedule, 60);
    expect(iso(activeOccurrence(w, at('2026-10-25T00:45:00Z')))).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    // 02:45 CET, the second pass of the repeated hour: over.
    expect(activeOccurrence(w, at('2026-10-25T01:45:00Z'))).toBeNull();
    expect(iso(nextOccurrence(w, at('2026-10-25T00:31:00Z')))).toEqual(['2026-10-26T01:30:00.000Z', '2026-10-26T02:30:00.000Z']);
  });

  it('a duration spanning the fall-back change: 01:00 CEST + 180 min ends at 03:00 CET', () => {
    const w = recurring('0 1 25 10 *', 180);
    expect(iso(activeOccurrence(w, at('2026-10-25T01:30:00Z')))).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T02:00:00.000Z']);
  });

  it('month ends: the last day of each month (OnCalendar ~01), into the next month', () => {
    const w = recurring('*-*~01 22:00', 240);
    // 28 Feb 22:00 CET = 21:00 UTC; at 01:30 on 1 March it is still on.
    expect(iso(activeOccurrence(w, at('2026-03-01T00:30:00Z')))).toEqual(['2026-02-28T21:00:00.000Z', '2026-03-01T01:00:00.000Z']);
    expect(iso(nextOccurrence(w, at('2026-03-01T00:30:00Z')))).toEqual(['2026-03-31T20:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    // cron day 31 only in months that have one
    expect(nextOccurrence(recurring('0 22 31 * *', 60), at('2026-04-01T00:00:00Z'))?.start.toISOString()).toBe('2026-05-31T20:00:00.000Z');
  });

  it('occurrences that overlap or touch are one span, followed up to 10 occurrences', () => {
    const touching = recurring('0 */2 * * *', 120, 'UTC');
    const o = activeOccurrence(touching, at('2026-11-24T10:10:00Z'));
    expect(o?.start.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(o?.end.toISOString()).toBe(new Date(Date.parse('2026-11-24T10:00:00Z') + 11 * 2 * 3600_000).toISOString());
    const apart = recurring('0 */2 * * *', 60, 'UTC');
    expect(iso(activeOccurrence(apart, at('2026-11-24T10:10:00Z')))).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T11:00:00.000Z']);
  });

  it('closed early: the occurrence in progress ends at ended_at, the next one starts as scheduled', () => {
    const w = recurring('0 10 * * *', 120, 'UTC', '2026-11-24T10:30:00Z');
    expect(iso(activeOccurrence(w, at('2026-11-24T10:20:00Z')))).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T10:30:00.000Z']);
    expect(activeOccurrence(w, at('2026-11-24T10:45:00Z'))).toBeNull();
    expect(maintenanceState(w, at('2026-11-24T10:45:00Z'))).toBe('upcoming');
    expect(iso(nextOccurrence(w, at('2026-11-24T10:45:00Z')))).toEqual(['2026-11-25T10:00:00.000Z', '2026-11-25T12:00:00.000Z']);
    expect(iso(activeOccurrence(w, at('2026-11-25T10:15:00Z')))).toEqual(['2026-11-25T10:00:00.000Z', '2026-11-25T12:00:00.000Z']);
  });

  it('a schedule that never fires again is past', () => {
    const w = recurring('2020-01-01 00:00:00', 60, 'UTC');
    expect(activeOccurrence(w, at('2026-11-24T10:00:00Z'))).toBeNull();
    expect(maintenanceState(w, at('2026-11-24T10:00:00Z'))).toBe('past');
  });
});

describe('scope and the maintenance of a check', () => {
  const check = { id: 'c1', tags: ['db', 'prod'] };
  it('applies to the whole project, to checks with any of its tags, or to its checks', () => {
    expect(windowAppliesTo({ scope: 'project', tags: [], checkIds: [] }, check)).toBe(true);
    expect(windowAppliesTo({ scope: 'tags', tags: ['web', 'prod'], checkIds: [] }, check)).toBe(true);
    expect(windowAppliesTo({ scope: 'tags', tags: ['web'], checkIds: [] }, check)).toBe(false);
    expect(windowAppliesTo({ scope: 'checks', tags: [], checkIds: ['c1'] }, check)).toBe(true);
    expect(windowAppliesTo({ scope: 'checks', tags: ['db'], checkIds: ['c2'] }, check)).toBe(false);
  });

  it('of the active windows that apply, the one ending last', () => {
    const t = at('2026-11-24T10:30:00Z');
    const short = { ...oneOff('2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'), name: 'short' };
    const long = { ...oneOff('2026-11-24T10:00:00Z', '2026-11-24T12:00:00Z'), name: 'long', scope: 'tags' as const, tags: ['db'] };
    const other = { ...oneOff('2026-11-24T10:00:00Z', '2026-11-24T13:00:00Z'), name: 'other', scope: 'checks' as const, checkIds: ['c2'] };
    const m = maintenanceOf([short, long, other], check, t);
    expect(m?.window.name).toBe('long');
    expect(m?.end.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(maintenanceOf([other], check, t)).toBeNull();
  });
});

describe('validateMaintenanceSchedule', () => {
  it('reads five fields as cron, anything else as OnCalendar', () => {
    expect(validateMaintenanceSchedule('0 3 * * sun')).toBeNull();
    expect(validateMaintenanceSchedule('Sun *-*-* 03:00')).toBeNull();
    expect(validateMaintenanceSchedule('61 3 * * *')).toMatch(/./);
    expect(validateMaintenanceSchedule('not a schedule')).toMatch(/./);
  });
});

describe('maintenanceSpecOf', () => {
  it('keeps a known scope, and makes an unknown one apply to no check', () => {
    expect(maintenanceSpecOf({ ...base, scope: 'tags', tags: ['a'] }).scope).toBe('tags');
    const odd = maintenanceSpecOf({ ...base, scope: 'everything', checkIds: ['c1'] });
    expect(windowAppliesTo(odd, { id: 'c1', tags: [] })).toBe(false);
  });
});

describe('maintenanceSpansBetween', () => {
  const iso = (spans: { start: number; end: number }[]) => spans.map((s) => `${new Date(s.start).toISOString()}/${new Date(s.end).toISOString()}`);

  test('a one-off window, clipped to the range and to when it was ended early', () => {
    expect(
      iso(
        maintenanceSpansBetween(
          oneOff('2026-11-01T10:00:00Z', '2026-11-01T12:00:00Z', '2026-11-01T11:00:00Z'),
          at('2026-11-01T10:30:00Z'),
          at('2026-12-01T00:00:00Z'),
        ),
      ),
    ).toEqual(['2026-11-01T10:30:00.000Z/2026-11-01T11:00:00.000Z']);
    expect(maintenanceSpansBetween(oneOff('2026-10-01T10:00:00Z', '2026-10-01T12:00:00Z'), at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual([]);
  });

  test('a recurring window: each occurrence in its zone, the one in progress at the start included, the ones before an early end closed then', () => {
    // 03:00 Berlin daily for 60 min; ended early at 02:30 UTC on the 3rd (03:30 Berlin, during that occurrence).
    const w = recurring('0 3 * * *', 60, 'Europe/Berlin', '2026-11-03T02:30:00Z');
    expect(iso(maintenanceSpansBetween(w, at('2026-11-01T02:30:00Z'), at('2026-11-04T12:00:00Z')))).toEqual([
      '2026-11-01T02:30:00.000Z/2026-11-01T03:00:00.000Z',
      '2026-11-02T02:00:00.000Z/2026-11-02T03:00:00.000Z',
      '2026-11-03T02:00:00.000Z/2026-11-03T02:30:00.000Z',
      '2026-11-04T02:00:00.000Z/2026-11-04T03:00:00.000Z',
    ]);
    expect(maintenanceSpansBetween(w, at('2026-11-01T00:00:00Z'), at('2026-12-01T00:00:00Z'), 3)).toHaveLength(3);
  });
});
