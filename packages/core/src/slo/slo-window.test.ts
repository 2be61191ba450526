import { calendarMonthRange, monthOfInstant, monthStartInZone, sloWindowRange } from './slo-window.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t = (iso: string) => Date.parse(iso);

describe('calendar months in a zone', () => {
  test('a UTC month is its days × 24 h; February of a leap year has 29 days', () => {
    expect(calendarMonthRange('UTC', 2028, 2)).toEqual({ from: t('2028-02-01T00:00:00Z'), to: t('2028-03-01T00:00:00Z') });
    const feb = calendarMonthRange('UTC', 2028, 2);
    expect(feb.to - feb.from).toBe(29 * DAY);
    const feb27 = calendarMonthRange('UTC', 2027, 2);
    expect(feb27.to - feb27.from).toBe(28 * DAY);
  });

  test('Riga: March loses an hour to summer time (743 h), October gains one (745 h), both start at local midnight', () => {
    const march = calendarMonthRange('Europe/Riga', 2026, 3);
    expect(march).toEqual({ from: t('2026-02-28T22:00:00Z'), to: t('2026-03-31T21:00:00Z') });
    expect(march.to - march.from).toBe(743 * HOUR);
    const october = calendarMonthRange('Europe/Riga', 2026, 10);
    expect(october).toEqual({ from: t('2026-09-30T21:00:00Z'), to: t('2026-10-31T22:00:00Z') });
    expect(october.to - october.from).toBe(745 * HOUR);
  });

  test('New York November: begins at 04:00Z (summer time), ends at 05:00Z', () => {
    expect(calendarMonthRange('America/New_York', 2026, 11)).toEqual({ from: t('2026-11-01T04:00:00Z'), to: t('2026-12-01T05:00:00Z') });
  });

  test('months carry into the year both ways', () => {
    expect(monthStartInZone('UTC', 2026, 13)).toBe(t('2027-01-01T00:00:00Z'));
    expect(monthStartInZone('UTC', 2026, 0)).toBe(t('2025-12-01T00:00:00Z'));
    expect(calendarMonthRange('Europe/Riga', 2026, 12).to).toBe(t('2026-12-31T22:00:00Z'));
  });

  test('the month holding an instant is the zone’s: 23:30Z on 31 March is already April in Riga', () => {
    expect(monthOfInstant('Europe/Riga', t('2026-03-31T21:30:00Z'))).toEqual({ year: 2026, month: 4 });
    expect(monthOfInstant('UTC', t('2026-03-31T21:30:00Z'))).toEqual({ year: 2026, month: 3 });
    expect(monthOfInstant('America/Los_Angeles', t('2027-01-01T03:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });

  test('an unknown zone is refused with its name', () => {
    expect(() => calendarMonthRange('Mars/Olympus', 2026, 1)).toThrow('unknown time zone: Mars/Olympus');
  });
});

describe('sloWindowRange', () => {
  const now = t('2028-03-03T12:00:00Z');
  test('rolling windows end now and reach back whole days (across a leap day: 7 days back is 25 February)', () => {
    expect(sloWindowRange({ kind: 'rolling', days: 7 }, now)).toEqual({ from: t('2028-02-25T12:00:00Z'), to: now });
    expect(sloWindowRange({ kind: 'rolling', days: 28 }, now)).toEqual({ from: t('2028-02-04T12:00:00Z'), to: now });
    expect(sloWindowRange({ kind: 'rolling', days: 30 }, now)).toEqual({ from: t('2028-02-02T12:00:00Z'), to: now });
  });

  test('a calendar month is the whole month holding now in the zone, its end ahead', () => {
    expect(sloWindowRange({ kind: 'calendar_month', tz: 'UTC' }, now)).toEqual({ from: t('2028-03-01T00:00:00Z'), to: t('2028-04-01T00:00:00Z') });
    expect(sloWindowRange({ kind: 'calendar_month', tz: 'Pacific/Honolulu' }, t('2028-03-01T05:00:00Z'))).toEqual({
      from: t('2028-02-01T10:00:00Z'),
      to: t('2028-03-01T10:00:00Z'),
    });
  });
});
