import { parseReminderHours, reminderDueTimes } from './reminders.js';

describe('parseReminderHours', () => {
  it('keeps distinct whole hours 1..168, sorted', () => {
    expect(parseReminderHours([24, 1, 3, 1, 168])).toEqual([1, 3, 24, 168]);
  });
  it('drops anything else', () => {
    expect(parseReminderHours([0, -1, 169, 1.5, '2', null, 2])).toEqual([2]);
    expect(parseReminderHours(null)).toEqual([]);
    expect(parseReminderHours({ a: 1 })).toEqual([]);
    expect(parseReminderHours([])).toEqual([]);
  });
});

describe('reminderDueTimes', () => {
  const downAt = new Date('2026-01-31T22:15:30.500Z');
  it('adds elapsed hours to the down time', () => {
    expect(reminderDueTimes(downAt, [1, 24, 168])).toEqual([
      { hours: 1, dueAt: new Date('2026-01-31T23:15:30.500Z') },
      { hours: 24, dueAt: new Date('2026-02-01T22:15:30.500Z') },
      { hours: 168, dueAt: new Date('2026-02-07T22:15:30.500Z') },
    ]);
  });
  it('crosses month ends and leap days', () => {
    expect(reminderDueTimes(new Date('2028-02-28T23:30:00Z'), [1, 24])).toEqual([
      { hours: 1, dueAt: new Date('2028-02-29T00:30:00Z') },
      { hours: 24, dueAt: new Date('2028-02-29T23:30:00Z') },
    ]);
  });
  it('counts real hours across a DST change (24 h is not "same local time tomorrow")', () => {
    // Europe/Berlin springs forward on 2026-03-29 at 01:00 UTC: 24 elapsed hours later the local
    // clock reads one hour later than at the down flip, and that is intended.
    const down = new Date('2026-03-28T12:00:00Z'); // 13:00 CET
    const [r] = reminderDueTimes(down, [24]);
    expect(r?.dueAt.toISOString()).toBe('2026-03-29T12:00:00.000Z'); // 14:00 CEST
  });
  it('ignores invalid hours and duplicates', () => {
    expect(reminderDueTimes(downAt, [2, 2, 0, 500]).map((r) => r.hours)).toEqual([2]);
  });
});
