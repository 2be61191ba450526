import { recentHistory, slotsInWords, type SlotStatus } from './recent-history.js';
import { sparklineInWords } from './views/projects/recent-history-cell.js';

const H = 3_600_000;
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const OLD = NOW - 40 * 24 * H;

/** 24 slots from a compact string: u up, l late, d down, p paused, m maintenance, . none. */
const slots = (s: string): SlotStatus[] =>
  [...s].map((ch) => ({ u: 'up', l: 'late', d: 'down', p: 'paused', m: 'maintenance', '.': 'none' })[ch] as SlotStatus);

describe('recentHistory: uptime and hourly slots of the last 24 hours, now passed in', () => {
  test('up the whole day: 100 %, every slot up', () => {
    const h = recentHistory({ createdAt: OLD, changes: [{ at: OLD, status: 'up' }], maintenance: [], now: NOW });
    expect(h.uptime).toBe(1);
    expect(h.slots).toEqual(slots('u'.repeat(24)));
  });

  test('down for 90 minutes from 3 h ago: 22.5 of 24 hours up, the two slots touched are down', () => {
    const h = recentHistory({
      createdAt: OLD,
      changes: [
        { at: OLD, status: 'up' },
        { at: NOW - 3 * H, status: 'down' },
        { at: NOW - 1.5 * H, status: 'up' },
      ],
      maintenance: [],
      now: NOW,
    });
    expect(h.uptime).toBeCloseTo(22.5 / 24, 10);
    expect(h.slots).toEqual(slots(`${'u'.repeat(21)}ddu`));
  });

  test('a flip one millisecond into a slot marks that slot; the worst status of a slot wins (down over late over up)', () => {
    const h = recentHistory({
      createdAt: OLD,
      changes: [
        { at: OLD, status: 'up' },
        { at: NOW - 24 * H + 1, status: 'late' },
        { at: NOW - 24 * H + 2, status: 'up' },
        { at: NOW - 10 * H + 5, status: 'down' },
        { at: NOW - 10 * H + 10, status: 'late' },
        { at: NOW - 10 * H + 20, status: 'up' },
      ],
      maintenance: [],
      now: NOW,
    });
    expect(h.slots).toEqual(slots(`l${'u'.repeat(13)}d${'u'.repeat(9)}`));
    // Late counts as up, as on the check page.
    expect(h.uptime).toBeCloseTo(1 - 5 / (24 * H), 12);
  });

  test('created 5 hours ago: earlier slots are none and the uptime is over the monitored time only', () => {
    const created = NOW - 5 * H;
    const h = recentHistory({
      createdAt: created,
      changes: [
        { at: created + H, status: 'up' },
        { at: NOW - H, status: 'down' },
      ],
      maintenance: [],
      now: NOW,
    });
    expect(h.slots).toEqual(slots(`${'.'.repeat(20)}uuud`));
    expect(h.uptime).toBeCloseTo(3 / 4, 12);
  });

  test('new, or no flip at all: no data and empty slots', () => {
    expect(recentHistory({ createdAt: NOW - 2 * H, changes: [], maintenance: [], now: NOW })).toEqual({ uptime: null, slots: slots('.'.repeat(24)) });
  });

  test('paused: paused slots, not monitored (the figure is of the monitored hours)', () => {
    const h = recentHistory({
      createdAt: OLD,
      changes: [
        { at: OLD, status: 'up' },
        { at: NOW - 6 * H, status: 'paused' },
      ],
      maintenance: [],
      now: NOW,
    });
    expect(h.slots).toEqual(slots(`${'u'.repeat(18)}pppppp`));
    expect(h.uptime).toBe(1);
  });

  test('down under maintenance is taken out of the figure, and a slot monitored only under maintenance says so', () => {
    const h = recentHistory({
      createdAt: OLD,
      changes: [
        { at: OLD, status: 'up' },
        { at: NOW - 4 * H, status: 'down' },
        { at: NOW - 2 * H, status: 'up' },
      ],
      maintenance: [{ start: NOW - 4 * H, end: NOW - 2.5 * H }],
      now: NOW,
    });
    // 22.5 h monitored outside maintenance, 0.5 h of it down.
    expect(h.uptime).toBeCloseTo(22 / 22.5, 12);
    expect(h.slots).toEqual(slots(`${'u'.repeat(20)}mduu`));
  });

  test('flips after now are ignored; other windows and slot counts', () => {
    const h = recentHistory({
      createdAt: OLD,
      changes: [
        { at: OLD, status: 'up' },
        { at: NOW + H, status: 'down' },
      ],
      maintenance: [],
      now: NOW,
      windowMs: 60 * 60_000,
      slots: 4,
    });
    expect(h).toEqual({ uptime: 1, slots: slots('uuuu') });
  });
});

describe('words for the strip and the sparkline (their accessible names)', () => {
  test('slots in words', () => {
    expect(slotsInWords(slots('u'.repeat(24)))).toBe('Last 24 hours: up throughout');
    expect(slotsInWords(slots('.'.repeat(24)))).toBe('Last 24 hours: not monitored');
    expect(slotsInWords(slots(`${'u'.repeat(20)}dlpm`))).toBe('Last 24 hours: down in 1 hour, late in 1 hour, under maintenance in 1 hour, paused in 1 hour');
    expect(slotsInWords(slots(`${'u'.repeat(21)}ddd`))).toBe('Last 24 hours: down in 3 hours');
  });

  test('sparkline in words', () => {
    expect(sparklineInWords([null, null])).toBe('Response time, last 24 hours: no answers');
    expect(sparklineInWords([120, null, 340, 180, null])).toBe('Response time, last 24 hours: 120 to 340 ms, latest 180 ms');
  });
});
