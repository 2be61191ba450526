import { finalSchedule, layerSchedule, onCallAt, onCallNowAndNext, type OnCallSchedule, type Shift } from './oncall-schedule.js';
import { layer } from './oncall-schedule.fixture.js';
import { overlappingRestrictions } from './restrictions.js';
import { localDays } from './local-day.js';

const at = (iso: string) => new Date(iso);
const rows = (shifts: Shift[]) => shifts.map((s) => `${s.userId} ${s.start.toISOString()} ${s.end.toISOString()}`);
const only = (...layers: ReturnType<typeof layer>[]): OnCallSchedule => ({ layers, overrides: [] });
/** Start instants of the turns within a range, as ISO strings. */
const handoffs = (l: ReturnType<typeof layer>, from: string, to: string) => layerSchedule(l, at(from), at(to)).map((s) => s.start.toISOString());

describe('handoffs at a local time across daylight saving changes', () => {
  it('keeps 09:00 in Berlin through spring forward and fall back', () => {
    const l = layer({ tz: 'Europe/Berlin', anchorDate: '2026-03-01' });
    expect(handoffs(l, '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z')).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    expect(handoffs(l, '2026-10-24T12:00:00Z', '2026-10-27T00:00:00Z')).toEqual([
      '2026-10-24T12:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('hands over at the end of the gap for a skipped time and at the first of a repeated one (Berlin 02:30)', () => {
    const l = layer({ tz: 'Europe/Berlin', anchorDate: '2026-03-01', handoffTime: '02:30' });
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00Z): the clock passes 02:30 at 01:00Z.
    expect(handoffs(l, '2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z')).toEqual([
      '2026-03-28T12:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // 2026-10-25: 03:00 CEST falls back to 02:00 CET: 02:30 happens at 00:30Z and at 01:30Z; the first counts.
    expect(handoffs(l, '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')).toEqual([
      '2026-10-24T12:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('follows the same rule in New York', () => {
    const l = layer({ tz: 'America/New_York', anchorDate: '2026-03-01', handoffTime: '02:30' });
    expect(handoffs(l, '2026-03-08T00:00:00Z', '2026-03-09T12:00:00Z')).toEqual([
      '2026-03-08T00:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    const fallBack = layer({ tz: 'America/New_York', anchorDate: '2026-03-01', handoffTime: '01:30' });
    // 2026-11-01: 01:30 EDT (05:30Z) and 01:30 EST (06:30Z).
    expect(handoffs(fallBack, '2026-11-01T00:00:00Z', '2026-11-02T12:00:00Z')).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('follows it in the southern hemisphere (Sydney)', () => {
    const l = layer({ tz: 'Australia/Sydney', anchorDate: '2026-03-01', handoffTime: '02:30' });
    // 2026-04-05 03:00 AEDT falls back to 02:00 AEST; 2026-10-04 02:00 AEST springs to 03:00 AEDT.
    expect(handoffs(l, '2026-04-04T12:00:00Z', '2026-04-05T23:00:00Z')).toEqual([
      '2026-04-04T12:00:00.000Z',
      '2026-04-04T15:30:00.000Z',
      '2026-04-05T16:30:00.000Z',
    ]);
    expect(handoffs(l, '2026-10-03T12:00:00Z', '2026-10-04T23:00:00Z')).toEqual([
      '2026-10-03T12:00:00.000Z',
      '2026-10-03T16:00:00.000Z',
      '2026-10-04T15:30:00.000Z',
    ]);
  });

  it('handles a half-hour daylight saving change (Lord Howe) and a half-hour zone without one (Kolkata)', () => {
    const lh = layer({ tz: 'Australia/Lord_Howe', anchorDate: '2026-03-01', handoffTime: '02:15' });
    // 2026-10-04 02:00 +10:30 jumps to 02:30 +11 (15:30Z on the 3rd): 02:15 is skipped.
    expect(handoffs(lh, '2026-10-03T12:00:00Z', '2026-10-04T23:00:00Z')).toEqual([
      '2026-10-03T12:00:00.000Z',
      '2026-10-03T15:30:00.000Z',
      '2026-10-04T15:15:00.000Z',
    ]);
    const lhBack = layer({ tz: 'Australia/Lord_Howe', anchorDate: '2026-03-01', handoffTime: '01:45' });
    // 2026-04-05 02:00 +11 falls back to 01:30 +10:30: 01:45 first at 14:45Z on the 4th.
    expect(handoffs(lhBack, '2026-04-04T12:00:00Z', '2026-04-05T23:00:00Z')).toEqual([
      '2026-04-04T12:00:00.000Z',
      '2026-04-04T14:45:00.000Z',
      '2026-04-05T15:15:00.000Z',
    ]);
    const kolkata = layer({ tz: 'Asia/Kolkata', anchorDate: '2026-03-01' });
    expect(handoffs(kolkata, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).toEqual([
      '2026-03-28T00:00:00.000Z',
      '2026-03-28T03:30:00.000Z',
      '2026-03-29T03:30:00.000Z',
    ]);
  });

  it('counts hour rotations in elapsed time, so their local time moves with a change', () => {
    const l = layer({ tz: 'Europe/Berlin', anchorDate: '2026-03-28', handoffTime: '09:00', rotation: { unit: 'hours', count: 12 } });
    expect(handoffs(l, '2026-03-28T08:00:00Z', '2026-03-30T00:00:00Z')).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-28T20:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-29T20:00:00.000Z',
    ]);
  });
});

describe('rotation order and calendar', () => {
  it('rotates through the users in order from the anchor, and backwards before it', () => {
    const l = layer({ anchorDate: '2026-01-05' });
    expect(rows(layerSchedule(l, at('2026-01-03T09:00:00Z'), at('2026-01-07T09:00:00Z')))).toEqual([
      'bob 2026-01-03T09:00:00.000Z 2026-01-04T09:00:00.000Z',
      'cid 2026-01-04T09:00:00.000Z 2026-01-05T09:00:00.000Z',
      'ann 2026-01-05T09:00:00.000Z 2026-01-06T09:00:00.000Z',
      'bob 2026-01-06T09:00:00.000Z 2026-01-07T09:00:00.000Z',
    ]);
  });

  it('crosses month ends and a leap day by the calendar', () => {
    const l = layer({ anchorDate: '2028-02-27', rotation: { unit: 'days', count: 1 } });
    expect(onCallAt(only(l), at('2028-02-29T12:00:00Z'))).toBe('cid');
    expect(onCallAt(only(l), at('2028-03-01T12:00:00Z'))).toBe('ann');
    const everyTwo = layer({ anchorDate: '2026-01-30', rotation: { unit: 'days', count: 2 } });
    expect(handoffs(everyTwo, '2026-01-30T00:00:00Z', '2026-03-04T00:00:00Z').slice(0, 4)).toEqual([
      '2026-01-30T00:00:00.000Z',
      '2026-01-30T09:00:00.000Z',
      '2026-02-01T09:00:00.000Z',
      '2026-02-03T09:00:00.000Z',
    ]);
    // Two-day turns counted through February's 28 days: 02-27 to 03-01, then 03-01 to 03-03.
    expect(handoffs(everyTwo, '2026-02-26T00:00:00Z', '2026-03-04T00:00:00Z')).toEqual([
      '2026-02-26T00:00:00.000Z',
      '2026-02-27T09:00:00.000Z',
      '2026-03-01T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
    ]);
  });

  it('hands over weekly on the anchor weekday, a leap year or not', () => {
    const l = layer({ anchorDate: '2028-02-21', rotation: { unit: 'weeks', count: 1 }, userIds: ['ann', 'bob'] });
    expect(handoffs(l, '2028-02-21T09:00:00Z', '2028-03-14T00:00:00Z')).toEqual([
      '2028-02-21T09:00:00.000Z',
      '2028-02-28T09:00:00.000Z',
      '2028-03-06T09:00:00.000Z',
      '2028-03-13T09:00:00.000Z',
    ]);
  });

  it('joins the turns of a single-user rotation and honours the layer start and end', () => {
    const l = layer({ userIds: ['ann'], startsAt: at('2026-01-06T12:00:00Z'), endsAt: at('2026-01-08T00:00:00Z') });
    expect(rows(layerSchedule(l, at('2026-01-01T00:00:00Z'), at('2026-01-10T00:00:00Z')))).toEqual(['ann 2026-01-06T12:00:00.000Z 2026-01-08T00:00:00.000Z']);
  });
});

describe('restricted layers', () => {
  it('is on duty only within weekday office hours, local time across a change', () => {
    const l = layer({
      tz: 'Europe/Berlin',
      anchorDate: '2026-03-23',
      rotation: { unit: 'weeks', count: 1 },
      restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
    });
    const spans = rows(layerSchedule(l, at('2026-03-26T00:00:00Z'), at('2026-03-31T00:00:00Z')));
    expect(spans).toEqual([
      'ann 2026-03-26T08:00:00.000Z 2026-03-26T16:00:00.000Z',
      'ann 2026-03-27T08:00:00.000Z 2026-03-27T16:00:00.000Z',
      'bob 2026-03-30T07:00:00.000Z 2026-03-30T15:00:00.000Z',
    ]);
  });

  it('runs a night window over midnight and cuts a turn that changes within it', () => {
    const l = layer({ userIds: ['ann', 'bob'], anchorDate: '2026-01-05', handoffTime: '00:00', restrictions: [{ days: [1], from: '22:00', to: '06:00' }] });
    expect(rows(layerSchedule(l, at('2026-01-05T00:00:00Z'), at('2026-01-13T00:00:00Z')))).toEqual([
      'ann 2026-01-05T22:00:00.000Z 2026-01-06T00:00:00.000Z',
      'bob 2026-01-06T00:00:00.000Z 2026-01-06T06:00:00.000Z',
      'bob 2026-01-12T22:00:00.000Z 2026-01-13T00:00:00.000Z',
    ]);
  });

  it('treats equal from and to as a whole day, and opens a window at the end of a gap', () => {
    const day = layer({ userIds: ['ann'], restrictions: [{ days: [7], from: '09:00', to: '09:00' }] });
    expect(rows(layerSchedule(day, at('2026-01-01T00:00:00Z'), at('2026-01-15T00:00:00Z')))).toEqual([
      'ann 2026-01-04T09:00:00.000Z 2026-01-05T09:00:00.000Z',
      'ann 2026-01-11T09:00:00.000Z 2026-01-12T09:00:00.000Z',
    ]);
    const gap = layer({ userIds: ['ann'], tz: 'Europe/Berlin', restrictions: [{ days: [7], from: '02:30', to: '04:00' }] });
    expect(rows(layerSchedule(gap, at('2026-03-29T00:00:00Z'), at('2026-03-30T00:00:00Z')))).toEqual(['ann 2026-03-29T01:00:00.000Z 2026-03-29T02:00:00.000Z']);
  });

  it('finds overlapping restrictions, across the end of the week too', () => {
    expect(
      overlappingRestrictions([
        { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' },
        { days: [6, 7], from: '00:00', to: '00:00' },
      ]),
    ).toBeNull();
    expect(
      overlappingRestrictions([
        { days: [1], from: '09:00', to: '17:00' },
        { days: [1], from: '16:59', to: '18:00' },
      ]),
    ).toEqual([0, 1]);
    expect(
      overlappingRestrictions([
        { days: [7], from: '22:00', to: '06:00' },
        { days: [1], from: '05:00', to: '07:00' },
      ]),
    ).toEqual([0, 1]);
    expect(
      overlappingRestrictions([
        { days: [7], from: '22:00', to: '06:00' },
        { days: [1], from: '06:00', to: '07:00' },
      ]),
    ).toBeNull();
    expect(
      overlappingRestrictions([
        { days: [3], from: '10:00', to: '11:00' },
        { days: [1, 1], from: '10:00', to: '11:00' },
      ]),
    ).toEqual([1, 1]);
  });
});

describe('the final schedule', () => {
  const bottom = layer({ userIds: ['ann', 'bob'] });
  const top = layer({ userIds: ['zoe'], restrictions: [{ days: [1, 2, 3, 4, 5], from: '12:00', to: '13:00' }] });

  it('lets a higher layer cover a lower one where it is on duty', () => {
    expect(rows(finalSchedule(only(bottom, top), at('2026-01-05T09:00:00Z'), at('2026-01-06T09:00:00Z')))).toEqual([
      'ann 2026-01-05T09:00:00.000Z 2026-01-05T12:00:00.000Z',
      'zoe 2026-01-05T12:00:00.000Z 2026-01-05T13:00:00.000Z',
      'ann 2026-01-05T13:00:00.000Z 2026-01-06T09:00:00.000Z',
    ]);
    // Order matters: the same layers the other way round leave the top layer covering all.
    expect(rows(finalSchedule(only(top, bottom), at('2026-01-05T09:00:00Z'), at('2026-01-06T09:00:00Z')))).toEqual([
      'ann 2026-01-05T09:00:00.000Z 2026-01-06T09:00:00.000Z',
    ]);
  });

  it('leaves gaps where no layer is on duty', () => {
    expect(rows(finalSchedule(only(top), at('2026-01-05T00:00:00Z'), at('2026-01-07T00:00:00Z')))).toEqual([
      'zoe 2026-01-05T12:00:00.000Z 2026-01-05T13:00:00.000Z',
      'zoe 2026-01-06T12:00:00.000Z 2026-01-06T13:00:00.000Z',
    ]);
    expect(onCallAt(only(top), at('2026-01-05T13:00:00Z'))).toBeNull();
    expect(finalSchedule({ layers: [], overrides: [] }, at('2026-01-05T00:00:00Z'), at('2026-01-07T00:00:00Z'))).toEqual([]);
  });

  it('puts overrides above every layer, the later of two overlapping ones winning', () => {
    const s: OnCallSchedule = {
      layers: [bottom, top],
      overrides: [
        { userId: 'max', start: at('2026-01-05T11:00:00Z'), end: at('2026-01-05T15:00:00Z') },
        { userId: 'lou', start: at('2026-01-05T14:00:00Z'), end: at('2026-01-05T16:00:00Z') },
        { userId: 'ann', start: at('2026-01-05T16:00:00Z'), end: at('2026-01-07T00:00:00Z') },
      ],
    };
    expect(rows(finalSchedule(s, at('2026-01-05T09:00:00Z'), at('2026-01-06T12:00:00Z')))).toEqual([
      'ann 2026-01-05T09:00:00.000Z 2026-01-05T11:00:00.000Z',
      'max 2026-01-05T11:00:00.000Z 2026-01-05T14:00:00.000Z',
      'lou 2026-01-05T14:00:00.000Z 2026-01-05T16:00:00.000Z',
      'ann 2026-01-05T16:00:00.000Z 2026-01-06T12:00:00.000Z',
    ]);
  });

  it('answers "on call now" and "next", looking past a fortnight when turns are long', () => {
    const s = only(bottom, top);
    expect(onCallNowAndNext(s, at('2026-01-05T11:30:00Z'))).toEqual({
      now: { userId: 'ann', start: at('2026-01-05T11:30:00Z'), end: at('2026-01-05T12:00:00Z') },
      next: { userId: 'zoe', start: at('2026-01-05T12:00:00Z'), end: at('2026-01-05T13:00:00Z') },
    });
    expect(onCallNowAndNext(only(top), at('2026-01-05T13:00:00Z'))).toEqual({
      now: null,
      next: { userId: 'zoe', start: at('2026-01-06T12:00:00Z'), end: at('2026-01-06T13:00:00Z') },
    });
    const long = layer({ userIds: ['ann', 'bob'], rotation: { unit: 'weeks', count: 4 } });
    expect(onCallNowAndNext(only(long), at('2026-01-06T00:00:00Z')).next).toEqual({
      userId: 'bob',
      start: at('2026-02-02T09:00:00Z'),
      end: at('2026-03-02T09:00:00Z'),
    });
    expect(onCallNowAndNext(only(layer({ userIds: ['ann'] })), at('2026-01-06T00:00:00Z')).next).toBeNull();
  });
});

describe('localDays', () => {
  it('gives the rows of a timeline in local days, 23 and 25 hours long at the changes', () => {
    const days = localDays('Europe/Berlin', at('2026-03-28T23:30:00Z'), 2);
    expect(days.map((d) => [d.date, d.start.toISOString(), d.end.toISOString()])).toEqual([
      ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-03-30', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z'],
    ]);
    expect(localDays('America/New_York', at('2026-11-01T12:00:00Z'), 1).map((d) => d.end.getTime() - d.start.getTime())).toEqual([25 * 3_600_000]);
  });
});
