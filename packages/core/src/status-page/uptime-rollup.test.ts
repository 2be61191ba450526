import type { CheckStatus } from '../state/types.js';
import { uptimeHistory, utcDayStart, type StatusChange } from './uptime-history.js';
import { historyFromRollups, incidentListStart, listIncidents, rollupDays, type DayRollup } from './uptime-rollup.js';

const DAY = 86_400_000;
const STATUSES: CheckStatus[] = ['up', 'late', 'down', 'paused', 'new'];

/** mulberry32: a small seeded generator, so a failure names a reproducible seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the database hands over: the last change before `from` and every change in [from, to]. */
function select(changes: readonly StatusChange[], from: number, to = Number.POSITIVE_INFINITY): StatusChange[] {
  let last: StatusChange | undefined;
  for (const c of changes) if (c.at < from) last = c;
  return [...(last ? [last] : []), ...changes.filter((c) => c.at >= from && c.at <= to)];
}

interface Check {
  name: string;
  createdAt: number;
  changes: StatusChange[];
}

/** A random check: flips (never before its creation) at random times, many on or next to midnights, ties, some after now. */
function randomCheck(rnd: () => number, name: string, firstDay: number, now: number): Check {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const span = now + DAY - (firstDay - 3 * DAY);
  let createdAt = firstDay - 3 * DAY + Math.floor(rnd() * (now - firstDay + 3 * DAY));
  if (rnd() < 0.2) createdAt = utcDayStart(createdAt);
  const times: number[] = [];
  const n = Math.floor(rnd() * (rnd() < 0.3 ? 60 : 15));
  for (let i = 0; i < n; i++) {
    const r = rnd();
    let t = firstDay - 3 * DAY + Math.floor(rnd() * span);
    if (r < 0.25) t = utcDayStart(t) + pick([0, 0, 1, -1]);
    else if (r < 0.35 && times.length > 0) t = pick(times);
    times.push(Math.max(t, createdAt));
  }
  times.sort((a, b) => a - b);
  // Like check-store's flips, each change is to a status other than the one before.
  const changes: StatusChange[] = [];
  let status: CheckStatus = 'new';
  for (const at of times) {
    status = pick(STATUSES.filter((s) => s !== status));
    changes.push({ at, status });
  }
  return { name, createdAt, changes };
}

/** Rollups of [from, to) as the page would have stored them: in chunks computed at different times. */
function storedRollups(rnd: () => number, check: Check, from: number, to: number): DayRollup[] {
  const out: DayRollup[] = [];
  for (let a = from; a < to;) {
    const b = Math.min(to, a + (1 + Math.floor(rnd() * 4)) * DAY);
    out.push(...rollupDays({ createdAt: check.createdAt, changes: select(check.changes, a, b), from: a, to: b }));
    a = b;
  }
  return out;
}

describe('historyFromRollups equals uptimeHistory (property, 2,000 random pages)', () => {
  it('days, incident count and the listed incidents agree exactly', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const rnd = random(seed);
      const days = rnd() < 0.2 ? 90 : 2 + Math.floor(rnd() * 9);
      const base = Date.parse('2026-03-10T00:00:00Z');
      const now = rnd() < 0.15 ? base + Math.floor(rnd() * 3) : base + Math.floor(rnd() * DAY);
      const today = utcDayStart(now);
      const firstDay = today - (days - 1) * DAY;
      const limit = 1 + Math.floor(rnd() * 6);
      const checks = Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, i) => randomCheck(rnd, `c${i}`, firstDay, now));

      const reference = checks.map((c) => ({ c, h: uptimeHistory({ createdAt: new Date(c.createdAt), changes: c.changes, now: new Date(now), days }) }));
      // Each check has rollups for its first days up to a random day (missing ones are recomputed).
      const rolled = checks.map((c) => {
        const until = firstDay + Math.floor(rnd() * days) * DAY;
        return { c, until, rollups: storedRollups(rnd, c, firstDay, until) };
      });
      const from = incidentListStart(
        rolled.flatMap((r) => r.rollups),
        firstDay,
        limit,
        days,
      );
      const computed = rolled.map(({ c, until, rollups }) => ({
        c,
        h: historyFromRollups({
          createdAt: c.createdAt,
          rollups,
          rolledUntil: until,
          incidentsFrom: from,
          changes: select(c.changes, Math.min(until, from)),
          now,
          days,
        }),
      }));

      const context = `seed ${seed}`;
      for (let i = 0; i < checks.length; i++) {
        const ref = reference[i]?.h;
        const got = computed[i]?.h;
        expect({ context, days: got?.days, count: got?.incidentCount }).toEqual({ context, days: ref?.days, count: ref?.incidents.length });
      }
      const refList = listIncidents(
        reference.map(({ c, h }) => ({ check: c.name, incidents: h.incidents, incidentCount: h.incidents.length })),
        limit,
      );
      const gotList = listIncidents(
        computed.map(({ c, h }) => ({ check: c.name, incidents: h.incidents, incidentCount: h.incidentCount })),
        limit,
      );
      expect({ context, list: gotList }).toEqual({ context, list: refList });
    }
  });
});

describe('rollupDays', () => {
  const d0 = Date.parse('2026-03-08T00:00:00Z');
  const ch = (at: number, status: CheckStatus): StatusChange => ({ at, status });

  it('counts up, late as up, down against, paused and new as not monitored', () => {
    const r = rollupDays({
      createdAt: d0 - DAY,
      changes: [
        ch(d0 - 5, 'up'),
        ch(d0 + 6 * 3_600_000, 'late'),
        ch(d0 + 8 * 3_600_000, 'down'),
        ch(d0 + 9 * 3_600_000, 'paused'),
        ch(d0 + 12 * 3_600_000, 'up'),
      ],
      from: d0,
      to: d0 + DAY,
    });
    expect(r).toEqual([{ start: d0, upMs: 20 * 3_600_000, monitoredMs: 21 * 3_600_000, incidentsStarted: 1, incidentsEnded: 1 }]);
  });

  it('an episode ending exactly at midnight ends in the day before, and starts where its flip is', () => {
    const r = rollupDays({ createdAt: d0 - DAY, changes: [ch(d0 + DAY - 10, 'down'), ch(d0 + DAY, 'up')], from: d0, to: d0 + 2 * DAY });
    expect(r.map((d) => [d.incidentsStarted, d.incidentsEnded, d.monitoredMs])).toEqual([
      [1, 1, 10],
      [0, 0, DAY],
    ]);
  });
});

describe('incidentListStart', () => {
  const first = Date.parse('2026-03-01T00:00:00Z');
  const day = (i: number, started: number): DayRollup => ({ start: first + i * DAY, upMs: 0, monitoredMs: 0, incidentsStarted: started, incidentsEnded: 0 });

  it('is the latest day from which the rolled-up days hold `limit` starts, over all checks', () => {
    expect(incidentListStart([day(8, 2), day(8, 1), day(7, 4), day(3, 9)], first, 3, 10)).toBe(first + 8 * DAY);
    expect(incidentListStart([day(8, 2), day(7, 4)], first, 5, 10)).toBe(first + 7 * DAY);
  });

  it('is the first shown day when there are fewer', () => {
    expect(incidentListStart([day(8, 2)], first, 50, 10)).toBe(first);
  });
});
