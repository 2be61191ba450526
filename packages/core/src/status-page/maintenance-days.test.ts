import type { CheckStatus } from '../state/types.js';
import { maintenanceSpansByCheck } from '../maintenance/check-maintenance-spans.js';
import { windowSpec } from '../maintenance/maintenance-window.fixture.js';
import type { MaintenanceWindowSpec } from '../maintenance/maintenance-window.js';
import { excludeMaintenance, type MaintenanceTimeline } from './maintenance-days.js';
import { mergeSpans, monitoredSegments, splitMonitoredTime, type Span } from './monitored-time.js';
import { uptimeHistory, utcDayStart, type StatusChange, type UptimeDay } from './uptime-history.js';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const t = (iso: string) => Date.parse(iso);

/** What the database hands over for a span: the last change before it and the changes inside it. */
function timelinesOf(changes: readonly StatusChange[], spans: readonly Span[]): MaintenanceTimeline[] {
  return spans.map((span) => {
    let last: StatusChange | undefined;
    for (const c of changes) if (c.at < span.start) last = c;
    return { span, changes: [...(last ? [last] : []), ...changes.filter((c) => c.at >= span.start && c.at < span.end)] };
  });
}

const windowOf = windowSpec;
const oneOff = (from: string, to: string) => windowOf({ startsAt: new Date(from), endsAt: new Date(to) });
const recurring = (schedule: string, tz: string, durationMin: number) => windowOf({ schedule, tz, durationMin });

/**
 * A status page's days of one check, as the page computes them: uptimeHistory from every flip,
 * then the windows' spans (maintenanceSpansByCheck over the shown days) taken out.
 */
function pageDays(createdAt: string, changes: [string, CheckStatus][], windows: MaintenanceWindowSpec[], now: string, days: number): UptimeDay[] {
  const list = changes.map(([at, status]) => ({ at: t(at), status }));
  const nowMs = t(now);
  const firstDay = utcDayStart(nowMs) - (days - 1) * DAY;
  const spans = maintenanceSpansByCheck(windows, [{ id: 'c', tags: [] }], new Date(firstDay), new Date(nowMs)).get('c') ?? [];
  const history = uptimeHistory({ createdAt: new Date(t(createdAt)), changes: list, now: new Date(nowMs), days });
  return excludeMaintenance(history.days, t(createdAt), timelinesOf(list, spans));
}

/** [date, monitored h, down h, maintenance h] per day. */
const summary = (days: UptimeDay[]) =>
  days.map((d) => [new Date(d.start).toISOString().slice(0, 10), d.monitoredMs / H, (d.monitoredMs - d.upMs) / H, d.maintenanceMs / H]);

describe('excludeMaintenance', () => {
  test('a window over part of a downtime: only the rest is downtime, and the day is counted without the window', () => {
    // Down 10:00–12:00 on the 25th; maintenance 11:00–12:00.
    const days = pageDays(
      '2026-11-20T00:00:00Z',
      [
        ['2026-11-20T00:00:00Z', 'up'],
        ['2026-11-25T10:00:00Z', 'down'],
        ['2026-11-25T12:00:00Z', 'up'],
      ],
      [oneOff('2026-11-25T11:00:00Z', '2026-11-25T12:00:00Z')],
      '2026-11-27T12:00:00Z',
      3,
    );
    expect(summary(days)).toEqual([
      ['2026-11-25', 23, 1, 1],
      ['2026-11-26', 24, 0, 0],
      ['2026-11-27', 12, 0, 0],
    ]);
    expect(days[0]?.uptime).toBeCloseTo(22 / 23, 12);
    expect(days[1]?.uptime).toBe(1);
  });

  test('a window over a whole downtime and some up time around it: no downtime that day', () => {
    const days = pageDays(
      '2026-11-20T00:00:00Z',
      [
        ['2026-11-20T00:00:00Z', 'up'],
        ['2026-11-25T10:00:00Z', 'down'],
        ['2026-11-25T12:00:00Z', 'up'],
      ],
      [oneOff('2026-11-25T09:00:00Z', '2026-11-25T13:00:00Z')],
      '2026-11-26T12:00:00Z',
      2,
    );
    expect(summary(days)).toEqual([
      ['2026-11-25', 20, 0, 4],
      ['2026-11-26', 12, 0, 0],
    ]);
    expect(days[0]?.uptime).toBe(1);
  });

  test('a window with no downtime takes its time out of monitored time only; paused and new time under a window is not maintenance', () => {
    const days = pageDays(
      '2026-11-24T06:00:00Z',
      [
        ['2026-11-24T08:00:00Z', 'up'],
        ['2026-11-25T10:00:00Z', 'paused'],
        ['2026-11-25T14:00:00Z', 'up'],
      ],
      [
        // 05:00–09:00 on the 24th: new until 08:00 (and nothing before 06:00), so 1 h of maintenance.
        oneOff('2026-11-24T05:00:00Z', '2026-11-24T09:00:00Z'),
        // 12:00–16:00 on the 25th: paused until 14:00, so 2 h.
        oneOff('2026-11-25T12:00:00Z', '2026-11-25T16:00:00Z'),
      ],
      '2026-11-26T00:00:00Z',
      3,
    );
    expect(summary(days)).toEqual([
      ['2026-11-24', 15, 0, 1],
      ['2026-11-25', 18, 0, 2],
      ['2026-11-26', 0, 0, 0],
    ]);
    expect(days.map((d) => d.uptime)).toEqual([1, 1, null]);
  });

  test('a whole day under maintenance is no data, with its maintenance', () => {
    const days = pageDays(
      '2026-11-20T00:00:00Z',
      [
        ['2026-11-20T00:00:00Z', 'up'],
        ['2026-11-25T03:00:00Z', 'down'],
      ],
      [oneOff('2026-11-24T00:00:00Z', '2026-11-26T00:00:00Z')],
      '2026-11-26T06:00:00Z',
      3,
    );
    expect(summary(days)).toEqual([
      ['2026-11-24', 0, 0, 24],
      ['2026-11-25', 0, 0, 24],
      ['2026-11-26', 6, 6, 0],
    ]);
    expect(days.map((d) => d.uptime)).toEqual([null, null, 0]);
  });

  test('a window across midnight UTC (the page’s days) splits between the two days', () => {
    // Down 23:00–01:00, maintenance 23:30–00:30.
    const days = pageDays(
      '2026-11-20T00:00:00Z',
      [
        ['2026-11-20T00:00:00Z', 'up'],
        ['2026-11-25T23:00:00Z', 'down'],
        ['2026-11-26T01:00:00Z', 'up'],
      ],
      [oneOff('2026-11-25T23:30:00Z', '2026-11-26T00:30:00Z')],
      '2026-11-27T00:00:00Z',
      3,
    );
    expect(summary(days)).toEqual([
      ['2026-11-25', 23.5, 0.5, 0.5],
      ['2026-11-26', 23.5, 0.5, 0.5],
      ['2026-11-27', 0, 0, 0],
    ]);
  });

  test('a recurring window at 08:00 in Tokyo is 23:00–01:00 UTC: each day gets an hour at each end', () => {
    const days = pageDays('2026-11-20T00:00:00Z', [['2026-11-20T00:00:00Z', 'down']], [recurring('0 8 * * *', 'Asia/Tokyo', 120)], '2026-11-27T00:00:00Z', 4);
    expect(summary(days)).toEqual([
      ['2026-11-24', 22, 22, 2],
      ['2026-11-25', 22, 22, 2],
      ['2026-11-26', 22, 22, 2],
      // Today, at 00:00: nothing yet (the occurrence that began at 23:00 is counted up to now).
      ['2026-11-27', 0, 0, 0],
    ]);
  });

  test('DST start in Berlin: 01:00 local is 00:00 UTC, then 23:00 UTC the same day, so the 29th has two occurrences', () => {
    // Down from the 28th 12:00 UTC to the 30th 12:00 UTC; maintenance daily at 01:00 Berlin for 3 h.
    const days = pageDays(
      '2026-03-20T00:00:00Z',
      [
        ['2026-03-20T00:00:00Z', 'up'],
        ['2026-03-28T12:00:00Z', 'down'],
        ['2026-03-30T12:00:00Z', 'up'],
      ],
      [recurring('0 1 * * *', 'Europe/Berlin', 180)],
      '2026-03-31T00:00:00Z',
      4,
    );
    expect(summary(days)).toEqual([
      // 00:00–03:00 UTC (CET), up then.
      ['2026-03-28', 21, 12, 3],
      // 00:00–03:00 UTC (CET, before the change at 01:00 UTC), and 23:00–24:00 UTC (01:00 CEST on the 30th).
      ['2026-03-29', 20, 20, 4],
      // The rest of that occurrence, to 02:00 UTC (down), and 23:00 UTC to now (01:00 CEST on the 31st, up).
      ['2026-03-30', 21, 10, 3],
      ['2026-03-31', 0, 0, 0],
    ]);
  });

  test('DST end in Berlin: 01:00 CEST is 23:00 UTC the day before, 01:00 CET is 00:00 UTC', () => {
    const days = pageDays('2026-10-20T00:00:00Z', [['2026-10-20T00:00:00Z', 'up']], [recurring('0 1 * * *', 'Europe/Berlin', 180)], '2026-10-27T00:00:00Z', 4);
    expect(summary(days)).toEqual([
      // 23:00 UTC on the 23rd to 02:00 UTC on the 24th, then 23:00 UTC (01:00 CEST on the 25th) to 24:00.
      ['2026-10-24', 21, 0, 3],
      // 00:00–02:00 UTC: the rest of the occurrence that began on the 24th.
      ['2026-10-25', 22, 0, 2],
      // 01:00 CET is 00:00 UTC: 00:00–03:00.
      ['2026-10-26', 21, 0, 3],
      ['2026-10-27', 0, 0, 0],
    ]);
  });

  test('a window across the end of a month (and of February in a leap year)', () => {
    const changes: [string, CheckStatus][] = [
      ['2024-02-20T00:00:00Z', 'up'],
      ['2024-02-29T23:00:00Z', 'down'],
      ['2024-03-01T01:00:00Z', 'up'],
    ];
    const days = pageDays('2024-02-20T00:00:00Z', changes, [oneOff('2024-02-29T22:00:00Z', '2024-03-01T00:30:00Z')], '2024-03-02T00:00:00Z', 3);
    expect(summary(days)).toEqual([
      ['2024-02-29', 22, 0, 2],
      ['2024-03-01', 23.5, 0.5, 0.5],
      ['2024-03-02', 0, 0, 0],
    ]);
    expect(days[0]?.uptime).toBe(1);
  });

  test('days without maintenance are returned as they were, and the input is not changed', () => {
    const history = uptimeHistory({
      createdAt: new Date(t('2026-11-20T00:00:00Z')),
      changes: [{ at: t('2026-11-20T00:00:00Z'), status: 'up' }],
      now: new Date(t('2026-11-27T12:00:00Z')),
      days: 2,
    });
    const before = structuredClone(history.days);
    expect(excludeMaintenance(history.days, t('2026-11-20T00:00:00Z'), [])).toEqual(before);
    const spans = [{ start: t('2026-11-26T10:00:00Z'), end: t('2026-11-26T11:00:00Z') }];
    excludeMaintenance(history.days, t('2026-11-20T00:00:00Z'), timelinesOf([{ at: t('2026-11-20T00:00:00Z'), status: 'up' }], spans));
    expect(history.days).toEqual(before);
  });

  /** mulberry32 */
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let x = a;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  test('equals the check page’s split of every day (monitoredSegments over every flip, splitMonitoredTime), for 500 random checks', () => {
    const STATUSES: CheckStatus[] = ['up', 'late', 'down', 'paused'];
    for (let seed = 1; seed <= 500; seed++) {
      const rnd = random(seed);
      const days = 1 + Math.floor(rnd() * 10);
      const now = t('2026-11-27T00:00:00Z') + Math.floor(rnd() * DAY);
      const firstDay = utcDayStart(now) - (days - 1) * DAY;
      const createdAt = firstDay - DAY + Math.floor(rnd() * (days + 1) * DAY);
      const changes: StatusChange[] = [];
      let status: CheckStatus = 'new';
      for (let at = createdAt + Math.floor(rnd() * 6 * H); at < now + H; at += Math.floor(rnd() * 8 * H)) {
        // Some on midnights.
        const when = rnd() < 0.15 ? utcDayStart(at) : at;
        const choices = STATUSES.filter((s) => s !== status);
        const next = choices[Math.floor(rnd() * choices.length)] as CheckStatus;
        if (when < createdAt || when <= (changes[changes.length - 1]?.at ?? -Infinity)) continue;
        changes.push({ at: when, status: next });
        status = next;
      }
      const raw: Span[] = [];
      for (let i = Math.floor(rnd() * 5); i > 0; i--) {
        const start = firstDay - H + Math.floor(rnd() * (now - firstDay + H));
        const end = start + Math.floor(rnd() * 30 * H);
        // On midnights sometimes.
        raw.push(rnd() < 0.2 ? { start: utcDayStart(start), end: utcDayStart(end) + DAY } : { start, end });
      }
      // As the page gets them: merged, within the shown days and up to now.
      const spans = mergeSpans(raw.map((s) => ({ start: Math.max(s.start, firstDay), end: Math.min(s.end, now) })));
      const history = uptimeHistory({ createdAt: new Date(createdAt), changes, now: new Date(now), days });
      const got = excludeMaintenance(history.days, createdAt, timelinesOf(changes, spans));
      const segments = monitoredSegments(createdAt, changes, now);
      const want = history.days.map((d) => {
        const split = splitMonitoredTime(segments, spans, d.start, Math.min(d.start + DAY, now));
        return {
          start: d.start,
          monitoredMs: split.monitoredMs,
          upMs: split.monitoredMs - split.downMs,
          maintenanceMs: split.maintenanceMs,
          uptime: split.monitoredMs > 0 ? (split.monitoredMs - split.downMs) / split.monitoredMs : null,
        };
      });
      expect([seed, got]).toEqual([seed, want]);
    }
  });
});
