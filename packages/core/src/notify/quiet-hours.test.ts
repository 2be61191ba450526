import { isInQuietHours, parseQuietHours, quietHoursEnd, type QuietHours } from './quiet-hours.js';

const qh = (from: string, to: string, tz = 'UTC'): QuietHours => {
  const q = parseQuietHours({ from, to, tz });
  if (!q) throw new Error('invalid quiet hours in test');
  return q;
};
const at = (iso: string) => new Date(iso);

/** Independent oracle: the local wall-clock time via Intl, not luxon. */
const formats = new Map<string, Intl.DateTimeFormat>();
function localHm(d: Date, tz: string): number {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(tz, f);
  }
  const parts = f.formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return get('hour') * 60 + get('minute') + get('second') / 60;
}
function oracleInside(q: QuietHours, d: Date): boolean {
  const m = localHm(d, q.tz);
  return q.fromMin < q.toMin ? m >= q.fromMin && m < q.toMin : m >= q.fromMin || m < q.toMin;
}
/** First whole second after `d` that the oracle says is outside the window (brute force). */
function oracleEnd(q: QuietHours, d: Date): Date {
  let t = Math.floor(d.getTime() / 60_000) * 60_000;
  while (t <= d.getTime() || oracleInside(q, new Date(t))) t += 60_000;
  // Step back second by second to the first outside second (ends are on whole minutes except at jumps).
  while (!oracleInside(q, new Date(t - 1000)) && t - 1000 > d.getTime()) t -= 1000;
  return new Date(t);
}

describe('parseQuietHours', () => {
  it('parses HH:MM and a zone', () => {
    expect(parseQuietHours({ from: '22:30', to: '07:05', tz: 'Europe/Riga' })).toEqual({ fromMin: 1350, toMin: 425, tz: 'Europe/Riga' });
  });
  it('defaults the zone to UTC', () => {
    expect(parseQuietHours({ from: '00:00', to: '06:00' })?.tz).toBe('UTC');
  });
  it.each([
    [null],
    [[]],
    ['22:00-07:00'],
    [{ from: '22:00' }],
    [{ from: '24:00', to: '07:00' }],
    [{ from: '7:00', to: '08:00' }],
    [{ from: '22:00', to: '07:60' }],
    [{ from: '22:00', to: '07:00', tz: 'Mars/Olympus' }],
    [{ from: '08:00', to: '08:00', tz: 'UTC' }], // empty window
  ])('%j means no quiet hours', (v) => expect(parseQuietHours(v)).toBeNull());
});

describe('isInQuietHours', () => {
  it('is never quiet without quiet hours', () => expect(isInQuietHours(null, at('2026-01-01T03:00:00Z'))).toBe(false));

  it('a same-day window is [from, to)', () => {
    const q = qh('09:00', '17:30');
    expect(isInQuietHours(q, at('2026-05-01T08:59:59Z'))).toBe(false);
    expect(isInQuietHours(q, at('2026-05-01T09:00:00Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-01T17:29:59.999Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-01T17:30:00Z'))).toBe(false);
  });

  it('a window that wraps midnight covers both sides of it', () => {
    const q = qh('22:00', '07:00');
    expect(isInQuietHours(q, at('2026-05-01T21:59:59Z'))).toBe(false);
    expect(isInQuietHours(q, at('2026-05-01T22:00:00Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-01T23:59:59Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-02T00:00:00Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-02T06:59:59Z'))).toBe(true);
    expect(isInQuietHours(q, at('2026-05-02T07:00:00Z'))).toBe(false);
    expect(isInQuietHours(q, at('2026-05-02T12:00:00Z'))).toBe(false);
  });

  it("reads the wall clock in the window's zone, in summer and in winter", () => {
    const q = qh('22:00', '07:00', 'Europe/Berlin');
    expect(isInQuietHours(q, at('2026-01-15T21:30:00Z'))).toBe(true); // 22:30 CET
    expect(isInQuietHours(q, at('2026-07-15T20:30:00Z'))).toBe(true); // 22:30 CEST
    expect(isInQuietHours(q, at('2026-07-15T19:30:00Z'))).toBe(false); // 21:30 CEST
    expect(isInQuietHours(q, at('2026-01-16T05:59:00Z'))).toBe(true); // 06:59 CET
    expect(isInQuietHours(q, at('2026-01-16T06:00:00Z'))).toBe(false); // 07:00 CET
  });

  it('handles zones with non-hour offsets', () => {
    const q = qh('23:00', '06:00', 'Asia/Kathmandu'); // +05:45
    expect(isInQuietHours(q, at('2026-05-01T17:14:00Z'))).toBe(false); // 22:59
    expect(isInQuietHours(q, at('2026-05-01T17:15:00Z'))).toBe(true); // 23:00
    expect(isInQuietHours(q, at('2026-05-02T00:15:00Z'))).toBe(false); // 06:00
  });

  it('agrees with an independent Intl oracle every 7 minutes across DST changes', () => {
    const windows = [
      qh('22:00', '07:00', 'Europe/Berlin'),
      qh('01:30', '03:15', 'America/New_York'),
      qh('02:00', '02:30', 'Europe/London'),
      qh('23:45', '02:45', 'Australia/Lord_Howe'),
      qh('00:00', '12:00', 'Pacific/Chatham'),
    ];
    const starts = [
      '2026-03-07T00:00:00Z',
      '2026-03-28T00:00:00Z',
      '2026-10-24T00:00:00Z',
      '2026-10-03T00:00:00Z',
      '2026-04-04T00:00:00Z',
      '2026-10-31T12:00:00Z',
    ];
    for (const q of windows) {
      for (const s of starts) {
        for (let t = Date.parse(s); t < Date.parse(s) + 3 * 86_400_000; t += 7 * 60_000) {
          const d = new Date(t);
          if (isInQuietHours(q, d) !== oracleInside(q, d)) throw new Error(`${q.tz} ${JSON.stringify(q)} disagrees at ${d.toISOString()}`);
        }
      }
    }
  });
});

describe('quietHoursEnd', () => {
  it('is null outside quiet hours', () => {
    expect(quietHoursEnd(qh('22:00', '07:00'), at('2026-05-01T12:00:00Z'))).toBeNull();
    expect(quietHoursEnd(null, at('2026-05-01T12:00:00Z'))).toBeNull();
  });

  it('ends later the same day for a same-day window', () => {
    expect(quietHoursEnd(qh('09:00', '17:30'), at('2026-05-01T09:00:00Z'))).toEqual(at('2026-05-01T17:30:00Z'));
  });

  it('ends the next morning when entered before midnight, the same morning after it', () => {
    const q = qh('22:00', '07:00');
    expect(quietHoursEnd(q, at('2026-05-01T22:00:00Z'))).toEqual(at('2026-05-02T07:00:00Z'));
    expect(quietHoursEnd(q, at('2026-05-02T03:00:00Z'))).toEqual(at('2026-05-02T07:00:00Z'));
    expect(quietHoursEnd(q, at('2026-05-02T06:59:59.999Z'))).toEqual(at('2026-05-02T07:00:00Z'));
  });

  it('crosses month ends, year ends and leap days', () => {
    const q = qh('22:00', '07:00');
    expect(quietHoursEnd(q, at('2026-01-31T23:00:00Z'))).toEqual(at('2026-02-01T07:00:00Z'));
    expect(quietHoursEnd(q, at('2026-12-31T23:00:00Z'))).toEqual(at('2027-01-01T07:00:00Z'));
    expect(quietHoursEnd(q, at('2028-02-28T22:30:00Z'))).toEqual(at('2028-02-29T07:00:00Z'));
    expect(quietHoursEnd(q, at('2028-02-29T22:30:00Z'))).toEqual(at('2028-03-01T07:00:00Z'));
  });

  it('ends at local `to` in the zone, across the spring-forward night (Berlin)', () => {
    // 2026-03-29: 02:00 CET → 03:00 CEST at 01:00 UTC. 07:00 CEST = 05:00 UTC.
    const q = qh('22:00', '07:00', 'Europe/Berlin');
    expect(quietHoursEnd(q, at('2026-03-28T22:00:00Z'))).toEqual(at('2026-03-29T05:00:00Z'));
  });

  it('ends at local `to` across the fall-back night (New York)', () => {
    // 2026-11-01: 02:00 EDT → 01:00 EST at 06:00 UTC. 07:00 EST = 12:00 UTC.
    const q = qh('22:00', '07:00', 'America/New_York');
    expect(quietHoursEnd(q, at('2026-11-01T03:00:00Z'))).toEqual(at('2026-11-01T12:00:00Z'));
  });

  it('ends at the jump when `to` falls in the spring-forward gap', () => {
    // Berlin has no 02:30 on 2026-03-29: the clock jumps from 02:00 CET to 03:00 CEST at 01:00 UTC.
    const q = qh('23:00', '02:30', 'Europe/Berlin');
    expect(quietHoursEnd(q, at('2026-03-28T23:00:00Z'))).toEqual(at('2026-03-29T01:00:00Z'));
    // New York: 02:00 EST → 03:00 EDT at 07:00 UTC on 2026-03-08.
    const ny = qh('00:00', '02:15', 'America/New_York');
    expect(quietHoursEnd(ny, at('2026-03-08T06:00:00Z'))).toEqual(at('2026-03-08T07:00:00Z'));
  });

  it('ends at the first pass of an ambiguous `to` and again at the second pass', () => {
    // New York 2026-11-01: 01:00–02:00 happens twice (EDT 05:00–06:00 UTC, EST 06:00–07:00 UTC).
    const q = qh('00:00', '01:30', 'America/New_York');
    expect(quietHoursEnd(q, at('2026-11-01T04:30:00Z'))).toEqual(at('2026-11-01T05:30:00Z')); // 00:30 EDT → 01:30 EDT
    expect(isInQuietHours(q, at('2026-11-01T05:45:00Z'))).toBe(false); // 01:45 EDT
    expect(isInQuietHours(q, at('2026-11-01T06:10:00Z'))).toBe(true); // 01:10 EST, the hour again
    expect(quietHoursEnd(q, at('2026-11-01T06:10:00Z'))).toEqual(at('2026-11-01T06:30:00Z')); // 01:30 EST
  });

  it('handles southern-hemisphere DST and 30-minute shifts', () => {
    // Lord Howe: +10:30 → +11 on 2026-10-04 at 02:00 local (15:30 UTC on the 3rd); 02:00–02:30 is skipped.
    const q = qh('22:00', '02:15', 'Australia/Lord_Howe');
    expect(quietHoursEnd(q, at('2026-10-03T12:00:00Z'))).toEqual(at('2026-10-03T15:30:00Z'));
  });

  it('always returns the first instant outside the window (brute-force oracle)', () => {
    const windows = [
      qh('22:00', '07:00', 'Europe/Berlin'),
      qh('23:00', '02:30', 'Europe/Berlin'),
      qh('00:00', '01:30', 'America/New_York'),
      qh('01:00', '02:30', 'America/New_York'),
      qh('22:00', '02:15', 'Australia/Lord_Howe'),
      qh('12:00', '11:59', 'Asia/Kolkata'),
      qh('20:00', '08:00', 'America/Sao_Paulo'),
    ];
    const starts = ['2026-03-07T12:00:00Z', '2026-03-28T12:00:00Z', '2026-10-24T12:00:00Z', '2026-10-31T12:00:00Z', '2026-10-02T12:00:00Z'];
    let checked = 0;
    for (const q of windows) {
      for (const s of starts) {
        for (let t = Date.parse(s); t < Date.parse(s) + 2 * 86_400_000; t += 37 * 60_000) {
          const d = new Date(t);
          const end = quietHoursEnd(q, d);
          if (!oracleInside(q, d)) {
            if (end !== null) throw new Error(`${q.tz} end at ${d.toISOString()} although outside`);
            continue;
          }
          const want = oracleEnd(q, d);
          if (end?.getTime() !== want.getTime()) {
            throw new Error(`${q.tz} ${JSON.stringify(q)} at ${d.toISOString()}: got ${end?.toISOString()}, want ${want.toISOString()}`);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
