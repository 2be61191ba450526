import { checkAvailability } from './check-availability.js';
import { mergeSpans } from './monitored-time.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const t = (iso: string) => Date.parse(iso);

describe('checkAvailability', () => {
  test('24 h with one 42-minute outage: 97.08 % up, one downtime in the month', () => {
    const now = t('2026-11-27T12:00:00Z');
    const a = checkAvailability({
      createdAt: t('2026-11-01T00:00:00Z'),
      changes: [
        { at: t('2026-11-01T00:00:00Z'), status: 'up' },
        { at: t('2026-11-27T02:00:00Z'), status: 'down' },
        { at: t('2026-11-27T02:42:00Z'), status: 'up' },
      ],
      maintenance: [],
      now,
    });
    const day = a.periods.find((p) => p.name === '24h');
    expect(day).toMatchObject({ monitoredMs: DAY, downMs: 42 * MIN, maintenanceMs: 0 });
    expect(day?.uptime).toBeCloseTo(1 - 42 / 1440, 10);
    // Before creation nothing was monitored: 365 days count from the check's first day only.
    expect(a.periods.find((p) => p.name === '365d')?.monitoredMs).toBe(now - t('2026-11-01T00:00:00Z'));
    expect(a.months).toEqual([
      {
        start: t('2026-11-01T00:00:00Z'),
        downtimes: 1,
        downMs: 42 * MIN,
        monitoredMs: now - t('2026-11-01T00:00:00Z'),
        maintenanceMs: 0,
        uptime: expect.any(Number),
      },
    ]);
  });

  test('a downtime across a month boundary counts in both months, each with its own part', () => {
    const a = checkAvailability({
      createdAt: t('2026-09-15T00:00:00Z'),
      changes: [
        { at: t('2026-09-15T00:00:00Z'), status: 'up' },
        { at: t('2026-10-31T23:30:00Z'), status: 'down' },
        { at: t('2026-11-01T00:15:00Z'), status: 'up' },
      ],
      maintenance: [],
      now: t('2026-11-10T00:00:00Z'),
    });
    expect(a.months.map((m) => [new Date(m.start).toISOString().slice(0, 7), m.downtimes, m.downMs / MIN])).toEqual([
      ['2026-11', 1, 15],
      ['2026-10', 1, 30],
      ['2026-09', 0, 0],
    ]);
    // September started at creation (the 15th): 16 days monitored.
    expect(a.months[2]?.monitoredMs).toBe(16 * DAY);
  });

  test('month ends: 28, 29, 30 and 31 days, UTC', () => {
    const a = checkAvailability({
      createdAt: t('2023-12-01T00:00:00Z'),
      changes: [{ at: t('2023-12-01T00:00:00Z'), status: 'up' }],
      maintenance: [],
      now: t('2024-05-01T00:00:00Z'),
    });
    // The current month (May) has not begun yet beyond its first instant: nothing monitored.
    expect(a.months.map((m) => [new Date(m.start).toISOString().slice(0, 10), m.monitoredMs / DAY])).toEqual([
      ['2024-05-01', 0],
      ['2024-04-01', 30],
      ['2024-03-01', 31],
      ['2024-02-01', 29],
      ['2024-01-01', 31],
      ['2023-12-01', 31],
    ]);
  });

  test('maintenance overlapping a downtime: the overlap is maintenance, not downtime, and not in the uptime', () => {
    const now = t('2026-11-27T12:00:00Z');
    const a = checkAvailability({
      createdAt: t('2026-11-01T00:00:00Z'),
      changes: [
        { at: t('2026-11-01T00:00:00Z'), status: 'up' },
        { at: t('2026-11-27T02:00:00Z'), status: 'down' },
        { at: t('2026-11-27T03:00:00Z'), status: 'up' },
      ],
      // 01:30–02:40 and 02:30–02:45 (overlapping windows): 75 min of maintenance, 45 of them while down.
      maintenance: [
        { start: t('2026-11-27T02:30:00Z'), end: t('2026-11-27T02:45:00Z') },
        { start: t('2026-11-27T01:30:00Z'), end: t('2026-11-27T02:40:00Z') },
      ],
      now,
    });
    const day = a.periods.find((p) => p.name === '24h');
    expect(day).toMatchObject({ downMs: 15 * MIN, maintenanceMs: 75 * MIN, monitoredMs: DAY - 75 * MIN });
    expect(day?.uptime).toBeCloseTo(1 - 15 / (1440 - 75), 10);
    expect(a.months[0]).toMatchObject({ downtimes: 1, downMs: 15 * MIN });
  });

  test('a downtime entirely under maintenance is no downtime', () => {
    const a = checkAvailability({
      createdAt: t('2026-11-01T00:00:00Z'),
      changes: [
        { at: t('2026-11-01T00:00:00Z'), status: 'up' },
        { at: t('2026-11-20T02:00:00Z'), status: 'down' },
        { at: t('2026-11-20T02:10:00Z'), status: 'up' },
      ],
      maintenance: [{ start: t('2026-11-20T01:00:00Z'), end: t('2026-11-20T03:00:00Z') }],
      now: t('2026-11-27T00:00:00Z'),
    });
    expect(a.months[0]).toMatchObject({ downtimes: 0, downMs: 0, maintenanceMs: 2 * HOUR });
  });

  test('an ongoing outage counts up to now; paused and new time is not monitored', () => {
    const a = checkAvailability({
      createdAt: t('2026-11-26T00:00:00Z'),
      changes: [
        { at: t('2026-11-26T06:00:00Z'), status: 'up' },
        { at: t('2026-11-26T12:00:00Z'), status: 'paused' },
        { at: t('2026-11-26T18:00:00Z'), status: 'up' },
        { at: t('2026-11-27T10:00:00Z'), status: 'down' },
      ],
      maintenance: [],
      now: t('2026-11-27T12:00:00Z'),
    });
    expect(a.periods.find((p) => p.name === '7d')).toMatchObject({ monitoredMs: 24 * HOUR, downMs: 2 * HOUR });
    expect(a.months[0]).toMatchObject({ downtimes: 1, downMs: 2 * HOUR });
  });
});

test('mergeSpans joins overlapping and touching spans and drops empty ones', () => {
  expect(
    mergeSpans([
      { start: 5, end: 7 },
      { start: 1, end: 3 },
      { start: 3, end: 4 },
      { start: 6, end: 9 },
      { start: 10, end: 10 },
    ]),
  ).toEqual([
    { start: 1, end: 4 },
    { start: 5, end: 9 },
  ]);
});
