import { describe, expect, it } from '@jest/globals';
import { isSnoozed, snoozeEnd, tomorrowAtNine } from './snooze.js';

const at = (iso: string) => new Date(iso);

describe('tomorrowAtNine', () => {
  it.each([
    // [now, zone, expected instant]
    ['2026-06-10T12:00:00Z', 'UTC', '2026-06-11T09:00:00.000Z'],
    ['2026-06-10T00:00:00Z', 'UTC', '2026-06-11T09:00:00.000Z'],
    ['2026-06-10T23:59:59Z', 'UTC', '2026-06-11T09:00:00.000Z'],
    // Berlin summer (UTC+2): 23:30 local on the 10th is 21:30Z; tomorrow 09:00 local is 07:00Z.
    ['2026-06-10T21:30:00Z', 'Europe/Berlin', '2026-06-11T07:00:00.000Z'],
    // 00:30 local on the 11th (22:30Z on the 10th): the next calendar day is the 12th.
    ['2026-06-10T22:30:00Z', 'Europe/Berlin', '2026-06-12T07:00:00.000Z'],
    // Spring forward in Berlin (2026-03-29 02:00 CET → 03:00 CEST): asked on the Saturday evening
    // in winter time, 09:00 on the Sunday is in summer time.
    ['2026-03-28T20:00:00Z', 'Europe/Berlin', '2026-03-29T07:00:00.000Z'],
    // Asked during the night of the jump, after it: the Monday, summer time.
    ['2026-03-29T01:30:00Z', 'Europe/Berlin', '2026-03-30T07:00:00.000Z'],
    // Fall back in Berlin (2026-10-25 03:00 CEST → 02:00 CET): Saturday evening in summer time,
    // 09:00 on the Sunday in winter time (UTC+1): 25 h later in wall-clock terms, 26 h elapsed.
    ['2026-10-24T19:00:00Z', 'Europe/Berlin', '2026-10-25T08:00:00.000Z'],
    // During the repeated hour (02:30 CET, the second pass): the Monday 09:00 CET.
    ['2026-10-25T01:30:00Z', 'Europe/Berlin', '2026-10-26T08:00:00.000Z'],
    // US zones change at a different date and hour.
    ['2026-03-07T23:00:00Z', 'America/New_York', '2026-03-08T13:00:00.000Z'],
    ['2026-10-31T23:00:00Z', 'America/New_York', '2026-11-01T14:00:00.000Z'],
    // A zone east of UTC whose local date is ahead of UTC's.
    ['2026-06-10T20:00:00Z', 'Pacific/Auckland', '2026-06-11T21:00:00.000Z'],
    // Month and year ends.
    ['2026-12-31T12:00:00Z', 'UTC', '2027-01-01T09:00:00.000Z'],
    ['2026-02-28T12:00:00Z', 'Asia/Kolkata', '2026-03-01T03:30:00.000Z'],
  ])('%s in %s → %s', (now, tz, expected) => {
    expect(tomorrowAtNine(at(now), tz).toISOString()).toBe(expected);
  });

  it('reads an unknown zone as UTC', () => {
    expect(tomorrowAtNine(at('2026-06-10T12:00:00Z'), 'Mars/Olympus').toISOString()).toBe('2026-06-11T09:00:00.000Z');
  });

  it('is at 09:00 local, 9 to 34 hours ahead, for every hour of the DST months in Berlin', () => {
    const wall = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const parts = (d: Date) => Object.fromEntries(wall.formatToParts(d).map((p) => [p.type, p.value]));
    const hours = (from: string, to: string) =>
      Array.from({ length: (Date.parse(to) - Date.parse(from)) / 3_600_000 }, (_, i) => Date.parse(from) + i * 3_600_000);
    for (const t of [...hours('2026-03-20T00:00:00Z', '2026-04-02T00:00:00Z'), ...hours('2026-10-18T00:00:00Z', '2026-10-30T00:00:00Z')]) {
      const now = new Date(t);
      const end = tomorrowAtNine(now, 'Europe/Berlin');
      const p = parts(end);
      expect(`${p.hour}:${p.minute}`).toBe('09:00');
      const gap = end.getTime() - t;
      expect(gap).toBeGreaterThan(9 * 3_600_000 - 1);
      expect(gap).toBeLessThanOrEqual(34 * 3_600_000);
    }
  });
});

describe('snoozeEnd', () => {
  const now = at('2026-03-29T00:30:00Z');
  it('adds elapsed hours, across a DST change too', () => {
    expect(snoozeEnd('1h', now, 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(snoozeEnd('4h', now, 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T04:30:00.000Z');
  });
  it('reads tomorrow in the zone given', () => {
    expect(snoozeEnd('tomorrow_0900', now, 'Europe/Berlin')?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(snoozeEnd('tomorrow_0900', now, 'UTC')?.toISOString()).toBe('2026-03-30T09:00:00.000Z');
  });
  it('has no end until the check recovers', () => {
    expect(snoozeEnd('until_recovery', now, 'UTC')).toBeNull();
  });
});

describe('isSnoozed', () => {
  const snoozedAt = at('2026-06-10T10:00:00Z');
  it('is off without a snooze, or before it began', () => {
    expect(isSnoozed(null, at('2026-06-10T10:30:00Z'))).toBe(false);
    expect(isSnoozed({ at: snoozedAt, until: at('2026-06-10T11:00:00Z'), recoveredAt: null }, at('2026-06-10T09:59:59Z'))).toBe(false);
  });
  it('mutes a timed snooze in [at, until)', () => {
    const s = { at: snoozedAt, until: at('2026-06-10T11:00:00Z'), recoveredAt: null };
    expect(isSnoozed(s, snoozedAt)).toBe(true);
    expect(isSnoozed(s, at('2026-06-10T10:59:59.999Z'))).toBe(true);
    expect(isSnoozed(s, at('2026-06-10T11:00:00Z'))).toBe(false);
    // A recovery says nothing about a timed snooze.
    expect(isSnoozed({ ...s, recoveredAt: at('2026-06-10T10:10:00Z') }, at('2026-06-10T10:20:00Z'))).toBe(true);
  });
  it('mutes until the first recovery, that recovery included, and not after', () => {
    const waiting = { at: snoozedAt, until: null, recoveredAt: null };
    expect(isSnoozed(waiting, at('2026-06-12T00:00:00Z'))).toBe(true);
    const recovered = { at: snoozedAt, until: null, recoveredAt: at('2026-06-10T12:00:00Z') };
    // The recovery's own up, delivered a moment after it happened.
    expect(isSnoozed(recovered, at('2026-06-10T12:00:01Z'), at('2026-06-10T12:00:00Z'))).toBe(true);
    // The next outage, and its recovery, are heard.
    expect(isSnoozed(recovered, at('2026-06-10T13:00:00Z'), at('2026-06-10T13:00:00Z'))).toBe(false);
    expect(isSnoozed(recovered, at('2026-06-10T13:00:00Z'))).toBe(false);
  });
});
