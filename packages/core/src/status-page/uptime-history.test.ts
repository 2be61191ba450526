import { STATUS_PAGE_DAYS, uptimeHistory, type StatusChange } from './uptime-history.js';
import type { CheckStatus } from '../state/types.js';

const H = 3_600_000;
const t = (iso: string) => new Date(iso);
/** Output times are ms since the epoch. */
const ms = (iso: string) => Date.parse(iso);
const ch = (iso: string, status: CheckStatus): StatusChange => ({ at: t(iso).getTime(), status });
/** now: 2026-03-10 12:00 UTC, so today is half over; 3 days shown unless a test says otherwise. */
const NOW = t('2026-03-10T12:00:00Z');

function history(createdAt: string, changes: StatusChange[], days = 3, now = NOW) {
  return uptimeHistory({ createdAt: t(createdAt), changes, now, days });
}
const summary = (h: ReturnType<typeof history>) => h.days.map((d) => [new Date(d.start).toISOString().slice(0, 10), d.monitoredMs / H, d.upMs / H, d.uptime]);

describe('uptimeHistory: days', () => {
  it('shows 90 UTC days ending with today by default, oldest first', () => {
    const h = uptimeHistory({ createdAt: t('2020-01-01T00:00:00Z'), changes: [], now: NOW });
    expect(h.days).toHaveLength(STATUS_PAGE_DAYS);
    expect(new Date(h.days[0]?.start as number).toISOString()).toBe('2025-12-11T00:00:00.000Z');
    expect(new Date(h.days[89]?.start as number).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it('no flips: the check is still new, every day is "no data"', () => {
    const h = history('2026-03-01T00:00:00Z', []);
    expect(summary(h)).toEqual([
      ['2026-03-08', 0, 0, null],
      ['2026-03-09', 0, 0, null],
      ['2026-03-10', 0, 0, null],
    ]);
    expect(h.incidents).toEqual([]);
  });

  it('up all along: full days are 24 h, today counts up to now only', () => {
    const h = history('2026-01-01T00:00:00Z', [ch('2026-01-01T00:00:00Z', 'up')]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 24, 24, 1],
      ['2026-03-09', 24, 24, 1],
      ['2026-03-10', 12, 12, 1],
    ]);
  });

  it('a check created mid-day: the hours before its creation and before its first ping are not monitored', () => {
    // Created 06:00, first ping 08:00, down 20:00 until the next day 02:00.
    const h = history('2026-03-09T06:00:00Z', [ch('2026-03-09T08:00:00Z', 'up'), ch('2026-03-09T20:00:00Z', 'down'), ch('2026-03-10T02:00:00Z', 'up')]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 0, 0, null],
      ['2026-03-09', 16, 12, 12 / 16],
      ['2026-03-10', 12, 10, 10 / 12],
    ]);
  });

  it('flips exactly on midnight fall into the day they start', () => {
    const h = history('2026-03-01T00:00:00Z', [ch('2026-03-01T00:00:00Z', 'up'), ch('2026-03-09T00:00:00Z', 'down'), ch('2026-03-10T00:00:00Z', 'up')]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 24, 24, 1],
      ['2026-03-09', 24, 0, 0],
      ['2026-03-10', 12, 12, 1],
    ]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-09T00:00:00Z'), end: ms('2026-03-10T00:00:00Z'), durationMs: 24 * H }]);
  });

  it('paused time inside a day is excluded from both sides', () => {
    // Up, paused 10:00–16:00, resumed as new (not monitored) until a ping at 17:00, down 22:00–23:00.
    const h = history('2026-03-01T00:00:00Z', [
      ch('2026-03-01T00:00:00Z', 'up'),
      ch('2026-03-09T10:00:00Z', 'paused'),
      ch('2026-03-09T16:00:00Z', 'new'),
      ch('2026-03-09T17:00:00Z', 'up'),
      ch('2026-03-09T22:00:00Z', 'down'),
      ch('2026-03-09T23:00:00Z', 'up'),
    ]);
    expect(summary(h)[1]).toEqual(['2026-03-09', 17, 16, 16 / 17]);
  });

  it('late counts as up', () => {
    const h = history('2026-03-01T00:00:00Z', [ch('2026-03-01T00:00:00Z', 'up'), ch('2026-03-09T06:00:00Z', 'late'), ch('2026-03-09T07:00:00Z', 'up')]);
    expect(summary(h)[1]).toEqual(['2026-03-09', 24, 24, 1]);
    expect(h.incidents).toEqual([]);
  });

  it('time before the first shown day is not counted; a status set long ago carries into it', () => {
    const h = history('2025-01-01T00:00:00Z', [ch('2025-01-01T00:00:00Z', 'up'), ch('2025-06-01T00:00:00Z', 'down')]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 24, 0, 0],
      ['2026-03-09', 24, 0, 0],
      ['2026-03-10', 12, 0, 0],
    ]);
  });

  it('ignores flips after now and sorts flips given out of order', () => {
    const h = history('2026-03-01T00:00:00Z', [ch('2026-03-09T12:00:00Z', 'down'), ch('2026-03-01T00:00:00Z', 'up'), ch('2026-03-10T18:00:00Z', 'up')]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 24, 24, 1],
      ['2026-03-09', 24, 12, 0.5],
      ['2026-03-10', 12, 0, 0],
    ]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-09T12:00:00Z'), end: null, durationMs: 24 * H }]);
  });
});

describe('uptimeHistory: incidents', () => {
  it('an episode spanning days is one incident with its whole duration', () => {
    const h = history('2026-03-01T00:00:00Z', [ch('2026-03-01T00:00:00Z', 'up'), ch('2026-03-08T18:00:00Z', 'down'), ch('2026-03-10T03:30:00Z', 'up')]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-08T18:00:00Z'), end: ms('2026-03-10T03:30:00Z'), durationMs: 33.5 * H }]);
    expect(summary(h)).toEqual([
      ['2026-03-08', 24, 18, 0.75],
      ['2026-03-09', 24, 0, 0],
      ['2026-03-10', 12, 8.5, 8.5 / 12],
    ]);
  });

  it('an ongoing episode has no end and lasts until now', () => {
    const h = history('2026-03-01T00:00:00Z', [ch('2026-03-01T00:00:00Z', 'up'), ch('2026-03-10T09:00:00Z', 'down')]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-10T09:00:00Z'), end: null, durationMs: 3 * H }]);
  });

  it('lists episodes newest first; pausing a down check ends its episode', () => {
    const h = history('2026-03-01T00:00:00Z', [
      ch('2026-03-01T00:00:00Z', 'up'),
      ch('2026-03-08T01:00:00Z', 'down'),
      ch('2026-03-08T02:00:00Z', 'up'),
      ch('2026-03-09T05:00:00Z', 'down'),
      ch('2026-03-09T05:10:00Z', 'paused'),
    ]);
    expect(h.incidents).toEqual([
      { start: ms('2026-03-09T05:00:00Z'), end: ms('2026-03-09T05:10:00Z'), durationMs: 10 * 60_000 },
      { start: ms('2026-03-08T01:00:00Z'), end: ms('2026-03-08T02:00:00Z'), durationMs: H },
    ]);
  });

  it('down → late → up is one episode ending at the first flip away from down', () => {
    const h = history('2026-03-01T00:00:00Z', [
      ch('2026-03-01T00:00:00Z', 'up'),
      ch('2026-03-09T01:00:00Z', 'down'),
      ch('2026-03-09T03:00:00Z', 'late'),
      ch('2026-03-09T04:00:00Z', 'up'),
    ]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-09T01:00:00Z'), end: ms('2026-03-09T03:00:00Z'), durationMs: 2 * H }]);
  });

  it('leaves out episodes that ended before the first shown day but keeps one that reaches into it', () => {
    const h = history('2026-03-01T00:00:00Z', [
      ch('2026-03-01T00:00:00Z', 'up'),
      ch('2026-03-02T00:00:00Z', 'down'),
      ch('2026-03-02T01:00:00Z', 'up'),
      ch('2026-03-07T23:00:00Z', 'down'),
      ch('2026-03-08T01:00:00Z', 'up'),
    ]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-07T23:00:00Z'), end: ms('2026-03-08T01:00:00Z'), durationMs: 2 * H }]);
    expect(summary(h)[0]).toEqual(['2026-03-08', 24, 23, 23 / 24]);
  });

  it('an episode that began before the check was created (imported flips) starts at its creation', () => {
    const h = history('2026-03-09T00:00:00Z', [ch('2026-03-08T00:00:00Z', 'down'), ch('2026-03-09T06:00:00Z', 'up')]);
    expect(h.incidents).toEqual([{ start: ms('2026-03-09T00:00:00Z'), end: ms('2026-03-09T06:00:00Z'), durationMs: 6 * H }]);
    expect(summary(h)[0]).toEqual(['2026-03-08', 0, 0, null]);
  });
});
