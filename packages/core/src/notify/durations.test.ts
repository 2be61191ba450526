import { formatDuration, formatUtc, isoWithOffset } from './durations.js';

describe('formatDuration', () => {
  const cases: [number, string][] = [
    [-5, '0 s'],
    [0, '0 s'],
    [999, '0 s'],
    [1000, '1 s'],
    [45_000, '45 s'],
    [60_000, '1 min'],
    [90_000, '1 min 30 s'],
    [3_599_999, '59 min 59 s'],
    [3_600_000, '1 h'],
    [3_605_000, '1 h'], // seconds are below the two largest units
    [5_000_000, '1 h 23 min'],
    [86_400_000, '1 d'],
    [86_400_000 + 3 * 3_600_000 + 59_000, '1 d 3 h'],
    [8 * 86_400_000 + 60_000, '8 d'],
  ];
  for (const [ms, text] of cases) it(`${ms} ms → ${text}`, () => expect(formatDuration(ms)).toBe(text));
});

describe('formatUtc / isoWithOffset', () => {
  const d = new Date('2028-02-29T23:59:58.123Z');
  it('writes seconds in UTC', () => expect(formatUtc(d)).toBe('2028-02-29 23:59:58 UTC'));
  it('writes an explicit +00:00 offset', () => expect(isoWithOffset(d)).toBe('2028-02-29T23:59:58.123+00:00'));
});
