import { CronExpressionParser } from 'cron-parser';
import { DateTime } from 'luxon';
import { nextCronAfter, validateCron } from './cron.js';
import { nextAfter } from './next-after.js';

const iso = (d: Date) => d.toISOString();
const next = (expr: string, tz: string, after: string) => iso(nextCronAfter(expr, tz, new Date(after)));
const series = (expr: string, tz: string, after: string, n: number) => {
  const out: string[] = [];
  let t = new Date(after);
  for (let i = 0; i < n; i++) {
    t = nextCronAfter(expr, tz, t);
    out.push(iso(t));
  }
  return out;
};

/**
 * Independent oracle: walk UTC minute by minute, read the wall clock with luxon, match the fields,
 * skip a wall time that already occurred in the previous offset (fall back: fire once).
 */
function oracle(expr: string, tz: string, after: Date): Date {
  const f = CronExpressionParser.parse(expr, { tz: 'UTC' }).fields;
  const has = (vals: readonly (number | string)[], v: number) => vals.includes(v);
  const raw = expr.trim().split(/\s+/);
  const or = !/^[*?]/.test(raw[2] as string) && !/^[*?]/.test(raw[4] as string);
  let t = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 60 * 24 * 6; i++, t += 60_000) {
    const w = DateTime.fromMillis(t, { zone: tz });
    if (!has(f.hour.values, w.hour)) {
      // Jump to the next wall-hour boundary (the zones tested change offset on wall-hour boundaries).
      t += (59 - w.minute) * 60_000;
      continue;
    }
    if (!has(f.minute.values, w.minute) || !has(f.month.values, w.month)) continue;
    const dom = has(f.dayOfMonth.values, w.day);
    const dow = has(f.dayOfWeek.values, w.weekday % 7) || (w.weekday === 7 && has(f.dayOfWeek.values, 7));
    if (!(or ? dom || dow : dom && dow)) continue;
    const shift = DateTime.fromMillis(t - 86_400_000, { zone: tz }).offset - w.offset;
    if (shift > 0) {
      const earlier = DateTime.fromMillis(t - shift * 60_000, { zone: tz });
      if (earlier.hour === w.hour && earlier.minute === w.minute && earlier.day === w.day) continue;
    }
    return new Date(t);
  }
  throw new Error('oracle found nothing');
}

describe('nextCronAfter', () => {
  it('is strictly after, also from an exact occurrence and from sub-second times', () => {
    expect(next('0 0 * * *', 'UTC', '2026-01-01T00:00:00.000Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(next('0 0 * * *', 'UTC', '2025-12-31T23:59:59.999Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(next('0 0 * * *', 'UTC', '2026-01-01T00:00:00.001Z')).toBe('2026-01-02T00:00:00.000Z');
    expect(next('* * * * *', 'UTC', '2026-01-01T00:00:59.999Z')).toBe('2026-01-01T00:01:00.000Z');
  });

  it('handles month ends, leap days and day-of-month/day-of-week OR semantics', () => {
    expect(series('0 0 31 * *', 'Europe/Riga', '2026-01-31T00:00:00Z', 3)).toEqual([
      '2026-03-30T21:00:00.000Z',
      '2026-05-30T21:00:00.000Z',
      '2026-07-30T21:00:00.000Z',
    ]);
    expect(series('0 12 29 2 *', 'UTC', '2026-01-01T00:00:00Z', 2)).toEqual(['2028-02-29T12:00:00.000Z', '2032-02-29T12:00:00.000Z']);
    // 1st or 15th OR a Friday (Vixie cron): Jan 2 2026 is a Friday.
    expect(series('0 0 1,15 * 5', 'UTC', '2026-01-01T00:00:00Z', 3)).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-09T00:00:00.000Z',
      '2026-01-15T00:00:00.000Z',
    ]);
    // A '*/2' day field still means AND with the weekday (starts with '*').
    expect(next('0 0 */2 * 1', 'UTC', '2026-01-01T00:00:00Z')).toBe('2026-01-05T00:00:00.000Z');
    expect(next('0 0 * * 7', 'UTC', '2026-01-01T00:00:00Z')).toBe('2026-01-04T00:00:00.000Z');
    expect(next('59 23 31 12 *', 'Asia/Kolkata', '2026-06-01T00:00:00Z')).toBe('2026-12-31T18:29:00.000Z');
  });

  describe('DST', () => {
    it('America/New_York: a skipped wall time does not fire, a repeated one fires once', () => {
      // 2026-03-08 02:00 EST -> 03:00 EDT: 02:30 does not exist that day.
      expect(series('30 2 * * *', 'America/New_York', '2026-03-07T12:00:00Z', 2)).toEqual(['2026-03-09T06:30:00.000Z', '2026-03-10T06:30:00.000Z']);
      // 2026-11-01 02:00 EDT -> 01:00 EST: 01:30 occurs twice, fires at the first (EDT).
      expect(series('30 1 * * *', 'America/New_York', '2026-10-31T12:00:00Z', 2)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
      // Hourly across the fall back: 01:00 once, then 02:00 EST two hours later.
      expect(series('0 * * * *', 'America/New_York', '2026-11-01T04:30:00Z', 3)).toEqual([
        '2026-11-01T05:00:00.000Z',
        '2026-11-01T07:00:00.000Z',
        '2026-11-01T08:00:00.000Z',
      ]);
      // From inside the repeated hour (second pass), the repeated times are not expected again.
      expect(next('*/15 * * * *', 'America/New_York', '2026-11-01T06:20:00Z')).toBe('2026-11-01T07:00:00.000Z');
      // Every 30 min across the spring forward: 01:30 EST then 03:00 EDT (30 min later in UTC).
      expect(series('*/30 * * * *', 'America/New_York', '2026-03-08T06:20:00Z', 3)).toEqual([
        '2026-03-08T06:30:00.000Z',
        '2026-03-08T07:00:00.000Z',
        '2026-03-08T07:30:00.000Z',
      ]);
    });

    it('Europe/Riga: 03:00 does not exist in March, 03:30 repeats in October', () => {
      // 2026-03-29 03:00 EET -> 04:00 EEST.
      expect(series('0 3 * * *', 'Europe/Riga', '2026-03-28T00:00:00Z', 2)).toEqual(['2026-03-28T01:00:00.000Z', '2026-03-30T00:00:00.000Z']);
      // 2026-10-25 04:00 EEST -> 03:00 EET.
      expect(series('30 3 * * *', 'Europe/Riga', '2026-10-24T12:00:00Z', 2)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
    });

    it('Australia/Lord_Howe: 30-minute changes', () => {
      // 2026-10-04 02:00 -> 02:30 (+10:30 -> +11): 02:15 does not exist.
      expect(series('15 2 * * *', 'Australia/Lord_Howe', '2026-10-02T00:00:00Z', 2)).toEqual(['2026-10-02T15:45:00.000Z', '2026-10-04T15:15:00.000Z']);
      // 2026-04-05 02:00 -> 01:30 (+11 -> +10:30): 01:45 repeats, fires once.
      expect(series('45 1 * * *', 'Australia/Lord_Howe', '2026-04-03T12:00:00Z', 3)).toEqual([
        '2026-04-03T14:45:00.000Z',
        '2026-04-04T14:45:00.000Z',
        '2026-04-05T15:15:00.000Z',
      ]);
    });

    it('Asia/Kolkata (+05:30, no DST)', () => {
      expect(series('0 9 * * 1', 'Asia/Kolkata', '2026-03-01T00:00:00Z', 2)).toEqual(['2026-03-02T03:30:00.000Z', '2026-03-09T03:30:00.000Z']);
    });
  });

  it('agrees with a minute-by-minute oracle around DST changes and month ends in several zones', () => {
    // Expressions that fire at least every few days keep the minute-by-minute oracle fast.
    const exprs = ['30 2 * * *', '0 * * * *', '*/20 1-3 * * *', '15 3 1,6,11,16,21,26,28-31 * *', '5 0,12 * * 1-5', '*/7 * * * *'];
    const zones = ['Europe/Riga', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC', 'America/Santiago'];
    const bases = [
      '2026-03-08T05:55:00Z',
      '2026-03-08T06:59:30Z',
      '2026-11-01T05:45:00Z',
      '2026-11-01T06:10:00Z',
      '2026-03-29T00:30:00Z',
      '2026-10-25T00:15:00Z',
      '2026-10-03T15:20:00Z',
      '2026-04-04T14:50:00Z',
      '2028-02-28T23:59:59Z',
      '2026-12-31T23:30:00Z',
    ];
    let compared = 0;
    for (const expr of exprs)
      for (const tz of zones)
        for (const b of bases) {
          let t = new Date(b);
          for (let i = 0; i < 2; i++) {
            const got = nextCronAfter(expr, tz, t);
            expect({ expr, tz, after: iso(t), next: iso(got) }).toEqual({ expr, tz, after: iso(t), next: iso(oracle(expr, tz, t)) });
            t = got;
            compared++;
          }
        }
    expect(compared).toBe(exprs.length * zones.length * bases.length * 2);
  });

  it('validates: 5 fields, ranges, unsupported extensions, never-firing dates', () => {
    expect(validateCron('*/5 * * * *')).toBeNull();
    expect(validateCron('0 9 * jan,feb mon-fri')).toBeNull();
    expect(validateCron('* * * *')).toMatch(/5 fields/);
    expect(validateCron('@daily')).toMatch(/5 fields/);
    expect(validateCron('61 * * * *')).not.toBeNull();
    expect(validateCron('0 0 L * *')).toMatch(/not supported/);
    expect(validateCron('0 0 * * 5#2')).toMatch(/not supported/);
    expect(validateCron('0 0 30 2 *')).not.toBeNull();
    expect(() => nextCronAfter('0 0 * * *', 'Mars/Base', new Date())).toThrow(/time zone/);
  });

  it('keeps its verdicts: the same answer the second time, and past its bound of remembered expressions', () => {
    const first = ['61 * * * *', '*/7 * * * *', '0 0 30 2 *'].map(validateCron);
    for (let i = 0; i < 1100; i++) validateCron(`${i % 60} ${Math.floor(i / 60) % 24} * * *`);
    expect(['61 * * * *', '*/7 * * * *', '0 0 30 2 *'].map(validateCron)).toEqual(first);
    expect(first[0]).toMatch(/61/);
    expect(first[1]).toBeNull();
  });

  it('nextAfter dispatches period and cron', () => {
    const t = new Date('2026-01-01T00:00:00Z');
    expect(iso(nextAfter({ kind: 'period', periodSec: 90, tz: 'UTC' }, t))).toBe('2026-01-01T00:01:30.000Z');
    expect(iso(nextAfter({ kind: 'cron', cron: '0 6 * * *', tz: 'Europe/Riga' }, t))).toBe('2026-01-01T04:00:00.000Z');
  });
});
