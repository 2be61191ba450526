import { arrivalPoints, durationPoints } from './run-charts.js';

const at = (s: string) => new Date(s);

describe('durationPoints', () => {
  test('keeps completed runs with a duration, oldest first, marking failures', () => {
    const points = durationPoints([
      { ts: at('2026-01-01T03:00:05Z'), type: 'success', exitStatus: null, durationMs: 5000 },
      { ts: at('2026-01-01T02:00:00Z'), type: 'start', exitStatus: null, durationMs: null },
      { ts: at('2026-01-01T01:00:09Z'), type: 'exit', exitStatus: 2, durationMs: 9000 },
      { ts: at('2026-01-01T00:00:01Z'), type: 'success', exitStatus: null, durationMs: null },
    ]);
    expect(points).toEqual([
      { ts: at('2026-01-01T01:00:09Z'), ms: 9000, failed: true },
      { ts: at('2026-01-01T03:00:05Z'), ms: 5000, failed: false },
    ]);
  });
});

describe('arrivalPoints', () => {
  test('period: offset from previous success + period', () => {
    const points = arrivalPoints(
      [
        { ts: at('2026-01-01T00:00:00Z'), type: 'success', exitStatus: null, durationMs: null },
        { ts: at('2026-01-01T01:00:30Z'), type: 'success', exitStatus: null, durationMs: null },
        { ts: at('2026-01-01T01:30:00Z'), type: 'fail', exitStatus: null, durationMs: null },
        { ts: at('2026-01-01T02:00:00Z'), type: 'exit', exitStatus: 0, durationMs: null },
      ],
      { kind: 'period', periodSec: 3600, tz: 'UTC' },
    );
    expect(points).toEqual([
      { ts: at('2026-01-01T01:00:30Z'), offsetSec: 30 },
      { ts: at('2026-01-01T02:00:00Z'), offsetSec: -30 },
    ]);
  });

  test('cron in a zone across a DST change', () => {
    // Europe/Riga leaves summer time on 2026-10-25 (04:00 EEST → 03:00 EET); a 05:00 daily job
    // is expected 25 hours after the previous run, not 24.
    const points = arrivalPoints(
      [
        { ts: at('2026-10-24T02:00:00Z'), type: 'success', exitStatus: null, durationMs: null }, // 05:00 EEST
        { ts: at('2026-10-25T03:01:00Z'), type: 'success', exitStatus: null, durationMs: null }, // 05:01 EET
      ],
      { kind: 'cron', cron: '0 5 * * *', tz: 'Europe/Riga' },
    );
    expect(points).toEqual([{ ts: at('2026-10-25T03:01:00Z'), offsetSec: 60 }]);
  });
});
