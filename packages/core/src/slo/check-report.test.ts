import type { CheckStatus } from '../state/types.js';
import { checkReport } from './check-report.js';
import { calendarMonthRange } from './slo-window.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const t = (iso: string) => Date.parse(iso);
const ch = (iso: string, status: CheckStatus) => ({ at: t(iso), status });

describe('checkReport', () => {
  const march = calendarMonthRange('UTC', 2026, 3);
  const created = '2026-01-01T00:00:00Z';

  test('uptime, downtime and the incidents of a past month; an episode from February counts from 1 March', () => {
    const r = checkReport(
      {
        createdAt: t(created),
        changes: [
          ch(created, 'up'),
          ch('2026-02-28T23:00:00Z', 'down'),
          ch('2026-03-01T01:00:00Z', 'up'),
          ch('2026-03-10T10:00:00Z', 'down'),
          ch('2026-03-10T10:45:00Z', 'late'),
          ch('2026-03-10T11:00:00Z', 'up'),
        ],
        maintenance: [{ start: t('2026-03-10T10:30:00Z'), end: t('2026-03-10T12:00:00Z') }],
      },
      march,
      t('2026-04-15T00:00:00Z'),
    );
    expect(r.incidents).toEqual([
      { start: t('2026-02-28T23:00:00Z'), end: t('2026-03-01T01:00:00Z'), durationMs: 2 * HOUR, countedMs: HOUR },
      { start: t('2026-03-10T10:00:00Z'), end: t('2026-03-10T10:45:00Z'), durationMs: 45 * MIN, countedMs: 30 * MIN },
    ]);
    expect(r.downMs).toBe(HOUR + 30 * MIN);
    expect(r.maintenanceMs).toBe(90 * MIN);
    expect(r.monitoredMs).toBe(31 * 24 * HOUR - 90 * MIN);
    expect(r.availability).toBeCloseTo(1 - 90 / (31 * 1440 - 90), 12);
  });

  test('an outage still going at the end of the range has no end; its duration runs to the range’s end', () => {
    const r = checkReport(
      { createdAt: t(created), changes: [ch(created, 'up'), ch('2026-03-31T23:00:00Z', 'down'), ch('2026-04-01T02:00:00Z', 'up')], maintenance: [] },
      march,
      t('2026-04-15T00:00:00Z'),
    );
    expect(r.incidents).toEqual([{ start: t('2026-03-31T23:00:00Z'), end: null, durationMs: HOUR, countedMs: HOUR }]);
  });

  test('a month in progress counts to now; an outage ongoing now is open', () => {
    const now = t('2026-03-15T12:00:00Z');
    const r = checkReport({ createdAt: t(created), changes: [ch(created, 'up'), ch('2026-03-15T11:00:00Z', 'down')], maintenance: [] }, march, now);
    expect(r.monitoredMs).toBe(now - march.from);
    expect(r.incidents).toEqual([{ start: t('2026-03-15T11:00:00Z'), end: null, durationMs: HOUR, countedMs: HOUR }]);
  });

  test('paused and not yet created time is not monitored; a range before the check has nothing', () => {
    const r = checkReport(
      { createdAt: t('2026-03-20T00:00:00Z'), changes: [ch('2026-03-20T00:00:00Z', 'up'), ch('2026-03-25T00:00:00Z', 'paused')], maintenance: [] },
      march,
      t('2026-04-15T00:00:00Z'),
    );
    expect(r).toMatchObject({ monitoredMs: 5 * 24 * HOUR, downMs: 0, availability: 1, incidents: [] });
    const before = checkReport({ createdAt: t('2026-04-02T00:00:00Z'), changes: [], maintenance: [] }, march, t('2026-04-15T00:00:00Z'));
    expect(before).toMatchObject({ monitoredMs: 0, availability: null, incidents: [] });
    const future = checkReport(
      { createdAt: t(created), changes: [ch(created, 'up')], maintenance: [] },
      calendarMonthRange('UTC', 2026, 5),
      t('2026-04-15T00:00:00Z'),
    );
    expect(future).toMatchObject({ monitoredMs: 0, availability: null, incidents: [] });
  });

  test('episodes that ended before the range are left out', () => {
    const r = checkReport(
      { createdAt: t(created), changes: [ch(created, 'up'), ch('2026-02-10T00:00:00Z', 'down'), ch('2026-02-10T01:00:00Z', 'up')], maintenance: [] },
      march,
      t('2026-04-15T00:00:00Z'),
    );
    expect(r.incidents).toEqual([]);
  });
});
