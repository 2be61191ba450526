import type { CheckStatus } from '../state/types.js';
import type { Span } from '../status-page/monitored-time.js';
import { burnAlertStates } from './burn-rate-alerts.js';
import { burnRate, sloAttainment, type CheckTimeline } from './slo-budget.js';
import { calendarMonthRange } from './slo-window.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const t = (iso: string) => Date.parse(iso);
const ch = (iso: string, status: CheckStatus) => ({ at: t(iso), status });

/** A check created and up at `created`, with the given later changes. */
function timeline(created: string, changes: { at: number; status: CheckStatus }[] = [], maintenance: Span[] = []): CheckTimeline {
  return { createdAt: t(created), changes: [{ at: t(created), status: 'up' }, ...changes], maintenance };
}

describe('sloAttainment', () => {
  test('a whole UTC month up: 100 %, the whole 99.9 % budget left (43.2 min of a 30-day month)', () => {
    const range = calendarMonthRange('UTC', 2026, 11);
    const a = sloAttainment({ timelines: [timeline('2026-10-01T00:00:00Z')], target: 0.999, range, now: t('2026-12-05T00:00:00Z') });
    expect(a).toMatchObject({ monitoredMs: 30 * DAY, downMs: 0, maintenanceMs: 0, availability: 1, met: true });
    expect(a.budget.allowedMs).toBeCloseTo(43.2 * MIN, 6);
    expect(a.budget).toMatchObject({ spentMs: 0, remainingRatio: 1 });
  });

  test('a month in progress: spending so far against the whole month’s budget (the rest assumed monitored)', () => {
    const range = calendarMonthRange('UTC', 2026, 11);
    const now = t('2026-11-16T00:00:00Z');
    const a = sloAttainment({
      timelines: [timeline('2026-10-01T00:00:00Z', [ch('2026-11-10T10:00:00Z', 'down'), ch('2026-11-10T10:30:00Z', 'up')])],
      target: 0.999,
      range,
      now,
    });
    expect(a.monitoredMs).toBe(15 * DAY);
    expect(a.downMs).toBe(30 * MIN);
    expect(a.availability).toBeCloseTo(1 - 30 / (15 * 1440), 12);
    expect(a.budget.allowedMs).toBeCloseTo(43.2 * MIN, 6);
    expect(a.budget.remainingMs).toBeCloseTo(13.2 * MIN, 6);
    expect(a.budget.remainingRatio).toBeCloseTo(13.2 / 43.2, 12);
    expect(a.met).toBe(false); // 30 min down in 15 days is 99.861 %
  });

  test('a check created mid-window counts from its first status, not from the window’s start (new is not monitored)', () => {
    const now = t('2026-11-30T00:00:00Z');
    const check: CheckTimeline = {
      createdAt: t('2026-11-20T00:00:00Z'),
      changes: [ch('2026-11-20T06:00:00Z', 'up'), ch('2026-11-25T00:00:00Z', 'down'), ch('2026-11-25T01:00:00Z', 'up')],
      maintenance: [],
    };
    const a = sloAttainment({ timelines: [check], target: 0.99, range: { from: now - 30 * DAY, to: now }, now });
    expect(a.monitoredMs).toBe(10 * DAY - 6 * HOUR);
    expect(a.downMs).toBe(HOUR);
    expect(a.budget.allowedMs).toBeCloseTo(0.01 * (10 * DAY - 6 * HOUR), 6);
    expect(a.availability).toBeCloseTo(1 - 1 / 234, 12);
  });

  test('a window before the check existed has nothing monitored: no availability, no budget', () => {
    const a = sloAttainment({
      timelines: [timeline('2026-11-20T00:00:00Z')],
      target: 0.999,
      range: { from: t('2026-10-01T00:00:00Z'), to: t('2026-11-01T00:00:00Z') },
      now: t('2026-11-30T00:00:00Z'),
    });
    expect(a).toMatchObject({ monitoredMs: 0, downMs: 0, availability: null, met: null });
    expect(a.budget).toEqual({ allowedMs: 0, spentMs: 0, remainingMs: 0, remainingRatio: null });
  });

  test('paused time is not monitored, and a check paused now earns no budget for the rest of the month', () => {
    const range = calendarMonthRange('UTC', 2026, 11);
    const changes = [
      ch('2026-11-03T00:00:00Z', 'paused'),
      ch('2026-11-05T00:00:00Z', 'up'),
      ch('2026-11-10T00:00:00Z', 'down'),
      ch('2026-11-10T00:10:00Z', 'paused'),
    ];
    const now = t('2026-11-20T00:00:00Z');
    const a = sloAttainment({ timelines: [timeline('2026-10-01T00:00:00Z', changes)], target: 0.999, range, now });
    // 2 days + 5 days + 10 min monitored; paused 3–5 and since the 10th.
    expect(a.monitoredMs).toBe(7 * DAY + 10 * MIN);
    expect(a.downMs).toBe(10 * MIN);
    expect(a.budget.allowedMs).toBeCloseTo(0.001 * (7 * DAY + 10 * MIN), 6);
    // Resumed (up) now: the rest of the month is ahead.
    const resumed = sloAttainment({ timelines: [timeline('2026-10-01T00:00:00Z', [...changes, ch('2026-11-20T00:00:00Z', 'up')])], target: 0.999, range, now });
    expect(resumed.budget.allowedMs).toBeCloseTo(0.001 * (7 * DAY + 10 * MIN + 11 * DAY), 6);
  });

  test('maintenance is neither up nor down: down time under it is not spent, and it is not in the budget', () => {
    const now = t('2026-11-02T00:00:00Z');
    const a = sloAttainment({
      timelines: [
        timeline(
          '2026-10-01T00:00:00Z',
          [ch('2026-11-01T10:00:00Z', 'down'), ch('2026-11-01T12:00:00Z', 'up')],
          [{ start: t('2026-11-01T11:00:00Z'), end: t('2026-11-01T13:00:00Z') }],
        ),
      ],
      target: 0.99,
      range: { from: now - DAY, to: now },
      now,
    });
    // The status pages' example: down 2 h, 1 h of it under maintenance → 22 h up of 23 h counted.
    expect(a).toMatchObject({ monitoredMs: 22 * HOUR, downMs: HOUR, maintenanceMs: 2 * HOUR });
    expect(a.availability).toBeCloseTo(21 / 22, 12);
    expect(a.budget.allowedMs).toBeCloseTo(0.01 * 22 * HOUR, 6);
  });

  test('maintenance scheduled later in the month is taken out of the budget ahead', () => {
    const range = calendarMonthRange('UTC', 2026, 11);
    const now = t('2026-11-30T00:00:00Z');
    const a = sloAttainment({
      timelines: [timeline('2026-10-01T00:00:00Z', [], [{ start: t('2026-11-30T06:00:00Z'), end: t('2026-11-30T12:00:00Z') }])],
      target: 0.999,
      range,
      now,
    });
    expect(a.budget.allowedMs).toBeCloseTo(0.001 * (30 * DAY - 6 * HOUR), 6);
  });

  test('DST month boundaries: Riga’s March has 743 h; a downtime just after local midnight on 1 April is April’s', () => {
    const check = timeline('2026-01-01T00:00:00Z', [ch('2026-03-31T21:10:00Z', 'down'), ch('2026-03-31T21:40:00Z', 'up')]);
    const now = t('2026-05-01T00:00:00Z');
    const march = sloAttainment({ timelines: [check], target: 0.999, range: calendarMonthRange('Europe/Riga', 2026, 3), now });
    expect(march).toMatchObject({ monitoredMs: 743 * HOUR, downMs: 0 });
    expect(march.budget.allowedMs).toBeCloseTo(0.001 * 743 * HOUR, 6);
    const april = sloAttainment({ timelines: [check], target: 0.999, range: calendarMonthRange('Europe/Riga', 2026, 4), now });
    expect(april.downMs).toBe(30 * MIN);
    // In UTC the same downtime is March's.
    expect(sloAttainment({ timelines: [check], target: 0.999, range: calendarMonthRange('UTC', 2026, 3), now }).downMs).toBe(30 * MIN);
  });

  test('leap day: February 2028 has 696 h, so 41.76 min of a 99.9 % budget', () => {
    const a = sloAttainment({
      timelines: [timeline('2028-01-01T00:00:00Z', [ch('2028-02-29T23:00:00Z', 'down'), ch('2028-03-01T01:00:00Z', 'up')])],
      target: 0.999,
      range: calendarMonthRange('UTC', 2028, 2),
      now: t('2028-03-05T00:00:00Z'),
    });
    expect(a.monitoredMs).toBe(696 * HOUR);
    expect(a.downMs).toBe(HOUR);
    expect(a.budget.allowedMs).toBeCloseTo(41.76 * MIN, 6);
    expect(a.budget.remainingMs).toBeCloseTo(-18.24 * MIN, 6);
    expect(a.budget.remainingRatio).toBeCloseTo(-18.24 / 41.76, 12);
    expect(a.met).toBe(false);
  });

  test('a tag’s SLO sums its checks’ time: 1 h down of 20 h is 95 %', () => {
    const now = t('2026-11-01T10:00:00Z');
    const a = sloAttainment({
      timelines: [timeline('2026-11-01T00:00:00Z'), timeline('2026-11-01T00:00:00Z', [ch('2026-11-01T02:00:00Z', 'down'), ch('2026-11-01T03:00:00Z', 'up')])],
      target: 0.9,
      range: { from: t('2026-11-01T00:00:00Z'), to: now },
      now,
    });
    expect(a).toMatchObject({ monitoredMs: 20 * HOUR, downMs: HOUR, availability: 0.95, met: true });
  });

  test('late counts as up; an ongoing outage is spent up to now', () => {
    const now = t('2026-11-01T10:00:00Z');
    const a = sloAttainment({
      timelines: [timeline('2026-11-01T00:00:00Z', [ch('2026-11-01T02:00:00Z', 'late'), ch('2026-11-01T09:00:00Z', 'down')])],
      target: 0.9,
      range: { from: t('2026-11-01T00:00:00Z'), to: now },
      now,
    });
    expect(a).toMatchObject({ monitoredMs: 10 * HOUR, downMs: HOUR, availability: 0.9, met: true });
  });

  test('changes after now and the order of changes do not matter', () => {
    const now = t('2026-11-01T10:00:00Z');
    const range = { from: t('2026-11-01T00:00:00Z'), to: now };
    const changes = [ch('2026-11-01T05:00:00Z', 'up'), ch('2026-11-01T04:00:00Z', 'down'), ch('2026-11-01T12:00:00Z', 'down')];
    const a = sloAttainment({ timelines: [timeline('2026-11-01T00:00:00Z', changes)], target: 0.9, range, now });
    expect(a.downMs).toBe(HOUR);
  });

  test.each([0, 1, -0.5, 1.5, Number.NaN])('target %p is refused', (target) => {
    expect(() => sloAttainment({ timelines: [], target, range: { from: 0, to: 1 }, now: 1 })).toThrow('SLO target must be a fraction between 0 and 1');
  });
});

describe('against minute-by-minute counting', () => {
  /** A small deterministic generator (mulberry32): failures replay. */
  function rng(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }
  const STATUSES: CheckStatus[] = ['up', 'late', 'down', 'paused'];

  test.each(Array.from({ length: 40 }, (_, i) => i + 1))('seed %i', (seed) => {
    const r = rng(seed);
    const base = t('2026-11-01T00:00:00Z');
    const minutes = 600;
    const createdAt = base + Math.floor(r() * 60) * MIN;
    const changes: { at: number; status: CheckStatus }[] = [];
    let last: CheckStatus = 'new';
    for (let m = 0; m < minutes; m += 1 + Math.floor(r() * 40)) {
      const status = STATUSES[Math.floor(r() * STATUSES.length)] as CheckStatus;
      if (status !== last && base + m * MIN >= createdAt) changes.push({ at: base + m * MIN, status });
      last = status;
    }
    const maintenance: Span[] = Array.from({ length: 3 }, () => {
      const s = base + Math.floor(r() * minutes) * MIN;
      return { start: s, end: s + Math.floor(r() * 90) * MIN };
    });
    const from = base + Math.floor(r() * 200) * MIN;
    const now = from + Math.floor(r() * 400) * MIN;
    const a = sloAttainment({ timelines: [{ createdAt, changes, maintenance }], target: 0.99, range: { from, to: now }, now });

    let monitored = 0;
    let down = 0;
    let held = 0;
    for (let m = from; m < now; m += MIN) {
      const before = changes.filter((c) => c.at <= m);
      const status = m < createdAt ? 'new' : (before[before.length - 1]?.status ?? 'new');
      if (status === 'new' || status === 'paused') continue;
      if (maintenance.some((s) => s.start <= m && m < s.end)) held += MIN;
      else {
        monitored += MIN;
        if (status === 'down') down += MIN;
      }
    }
    expect({ monitoredMs: a.monitoredMs, downMs: a.downMs, maintenanceMs: a.maintenanceMs }).toEqual({
      monitoredMs: monitored,
      downMs: down,
      maintenanceMs: held,
    });
    expect(burnRate({ timelines: [{ createdAt, changes, maintenance }], target: 0.99, windowMs: now - from, now })).toEqual(
      monitored > 0 ? expect.closeTo(down / monitored / 0.01, 9) : null,
    );
  });
});

describe('burn rates', () => {
  /** Up, down for 18 s at the start of every 30 minutes since `from`: 1 % down. */
  function flapping(from: number, to: number): CheckTimeline {
    const changes: { at: number; status: CheckStatus }[] = [];
    for (let s = from; s < to; s += 30 * MIN) changes.push({ at: s, status: 'down' }, { at: s + 18_000, status: 'up' });
    return { createdAt: from - DAY, changes: [{ at: from - DAY, status: 'up' }, ...changes], maintenance: [] };
  }

  test('1 % down at a 99.9 % target burns at 10', () => {
    const now = t('2026-11-02T00:00:00Z');
    const check = flapping(now - DAY, now);
    expect(burnRate({ timelines: [check], target: 0.999, windowMs: 6 * HOUR, now })).toBeCloseTo(10, 9);
  });

  test('nothing monitored in the window: no burn rate', () => {
    const now = t('2026-11-02T00:00:00Z');
    expect(burnRate({ timelines: [timeline('2026-11-03T00:00:00Z')], target: 0.999, windowMs: HOUR, now })).toBeNull();
  });

  test('a 1 % bleed at 99.9 % over 30 days fires the slow alert (6×) and not the fast one (14.4×)', () => {
    const now = t('2026-11-02T00:00:00Z');
    const states = burnAlertStates({ timelines: [flapping(now - DAY, now)], target: 0.999, budgetWindowMs: 30 * DAY, now: now - 50 * MIN });
    expect(states.map((s) => [s.kind, s.threshold, s.firing])).toEqual([
      ['fast', expect.closeTo(14.4, 9), false],
      ['slow', expect.closeTo(6, 9), true],
    ]);
  });

  test('a full outage fires the fast alert after ~52 s and the slow one only after ~130 s', () => {
    const start = t('2026-11-02T00:00:00Z');
    const check = timeline('2026-11-01T00:00:00Z', [{ at: start, status: 'down' }]);
    const at = (s: number) => burnAlertStates({ timelines: [check], target: 0.999, budgetWindowMs: 30 * DAY, now: start + s * 1000 });
    expect(at(51).map((s) => s.firing)).toEqual([false, false]);
    expect(at(52).map((s) => s.firing)).toEqual([true, false]);
    expect(at(129).map((s) => s.firing)).toEqual([true, false]);
    expect(at(130).map((s) => s.firing)).toEqual([true, true]);
  });

  test('the short window stops an alert soon after the burning stops', () => {
    const start = t('2026-11-02T00:00:00Z');
    const check = timeline('2026-11-01T00:00:00Z', [
      { at: start, status: 'down' },
      { at: start + 10 * MIN, status: 'up' },
    ]);
    const fast = (min: number) => burnAlertStates({ timelines: [check], target: 0.999, budgetWindowMs: 30 * DAY, now: start + min * MIN })[0];
    expect(fast(10)?.firing).toBe(true);
    expect(fast(14)?.firing).toBe(true); // the last 5 min still hold 1 min down
    expect(fast(15)?.firing).toBe(false); // long window still burning, short window clean
    expect(fast(15)?.longBurn).toBeGreaterThan(14.4);
  });

  test('a 7-day SLO pages at lower rates: 2 % of a 7-day budget in 1 h is 3.36×', () => {
    const states = burnAlertStates({ timelines: [], target: 0.999, budgetWindowMs: 7 * DAY, now: 0 });
    expect(states.map((s) => s.threshold)).toEqual([expect.closeTo(3.36, 9), expect.closeTo(1.4, 9)]);
    expect(states.every((s) => !s.firing && s.longBurn === null)).toBe(true);
  });
});
