import { datetimeLocalValue, instantOfWallTime, parseWallTime } from './local-date-time.js';

const iso = (value: string, tz: string) => {
  const r = instantOfWallTime(value, tz);
  return 'at' in r ? r.at.toISOString() : r.error;
};

describe('parseWallTime', () => {
  test('both separators (datetime-local sends T, people type a space), seconds optional', () => {
    const w = { year: 2026, month: 11, day: 27, hour: 2, minute: 0, second: 0 };
    expect(parseWallTime('2026-11-27T02:00')).toEqual(w);
    expect(parseWallTime('2026-11-27 02:00')).toEqual(w);
    expect(parseWallTime(' 2026-11-27  02:00 ')).toEqual(w);
    expect(parseWallTime('2026-11-27T02:00:30')).toEqual({ ...w, second: 30 });
  });

  test('not a date and time: null', () => {
    for (const v of [
      '',
      '2026-11-27',
      '02:00',
      '2026-11-27T2:00',
      '2026-02-29 10:00',
      '2026-02-31 10:00',
      '2026-13-01 10:00',
      '2026-11-27 24:00',
      '2026-11-27 10:60',
      '27.11.2026 10:00',
      '2026-11-27T02:00Z',
    ]) {
      expect([v, parseWallTime(v)]).toEqual([v, null]);
    }
    expect(parseWallTime('2028-02-29 10:00')).not.toBeNull();
  });
});

describe('instantOfWallTime', () => {
  test('read in the zone', () => {
    expect(iso('2026-11-27 02:00', 'UTC')).toBe('2026-11-27T02:00:00.000Z');
    expect(iso('2026-11-27T02:00', 'Europe/Riga')).toBe('2026-11-27T00:00:00.000Z');
    expect(iso('2026-07-01 12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(iso('2026-07-01 12:00', 'Asia/Kolkata')).toBe('2026-07-01T06:30:00.000Z');
    expect(iso('2026-07-01 12:00', 'Pacific/Chatham')).toBe('2026-06-30T23:15:00.000Z');
  });

  test('spring forward: a time the clock skips is refused, the minutes either side are not', () => {
    // Europe/Riga: 2026-03-29 03:00 → 04:00.
    expect(iso('2026-03-29 03:30', 'Europe/Riga')).toBe('does not exist in Europe/Riga (the clock skips it)');
    expect(iso('2026-03-29 02:59', 'Europe/Riga')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29 04:00', 'Europe/Riga')).toBe('2026-03-29T01:00:00.000Z');
    // America/New_York: 2026-03-08 02:00 → 03:00.
    expect(iso('2026-03-08 02:15', 'America/New_York')).toMatch(/does not exist/);
    // Australia/Lord_Howe moves by half an hour: 2026-10-04 02:00 → 02:30.
    expect(iso('2026-10-04 02:15', 'Australia/Lord_Howe')).toMatch(/does not exist/);
    expect(iso('2026-10-04 02:30', 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
  });

  test('fall back: a time the clock passes twice is the first of the two', () => {
    // Europe/Riga: 2026-10-25 04:00 → 03:00, so 03:30 happens at 00:30Z (summer time) and 01:30Z.
    expect(iso('2026-10-25 03:30', 'Europe/Riga')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-10-25 04:00', 'Europe/Riga')).toBe('2026-10-25T02:00:00.000Z');
    // America/New_York: 2026-11-01 02:00 → 01:00.
    expect(iso('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  test('what is not a time says how to write one', () => {
    expect(iso('tomorrow', 'UTC')).toBe('must be a date and time (YYYY-MM-DD HH:MM)');
  });
});

test('datetimeLocalValue: what the input can show again', () => {
  expect(datetimeLocalValue('2026-11-27 02:00')).toBe('2026-11-27T02:00');
  expect(datetimeLocalValue('2026-11-27 02:00:05')).toBe('2026-11-27T02:00:05');
  expect(datetimeLocalValue('soon')).toBe('soon');
});
