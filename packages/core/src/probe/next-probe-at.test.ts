import type { Schedule } from '../schedule/types.js';
import { isProbeSuperseded, nextProbeAt, probeSpreadRangeMs, MAX_CALENDAR_SPREAD_MS } from './next-probe-at.js';
import { probeSpreadMs } from './probe-spread.js';

const period = (periodSec: number): Schedule => ({ kind: 'period', periodSec, tz: 'UTC' });
const cron = (expr: string, tz = 'UTC'): Schedule => ({ kind: 'cron', cron: expr, tz });
const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);

describe('probeSpreadMs', () => {
  it('is deterministic and inside the range', () => {
    for (const id of ids) {
      const s = probeSpreadMs(id, 60_000);
      expect(s).toBe(probeSpreadMs(id, 60_000));
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(60_000);
    }
    expect(probeSpreadMs(ids[0] as string, 0)).toBe(0);
  });

  it('spreads checks evenly: no 1-second bucket of a minute holds more than 3x its share', () => {
    const buckets = new Array(60).fill(0);
    for (const id of ids) buckets[Math.floor(probeSpreadMs(id, 60_000) / 1000)]++;
    const share = ids.length / 60;
    expect(Math.max(...buckets)).toBeLessThan(share * 3);
    expect(Math.min(...buckets)).toBeGreaterThan(0);
    expect(new Set(ids.map((id) => probeSpreadMs(id, 60_000))).size).toBeGreaterThan(ids.length * 0.9);
  });
});

describe('nextProbeAt (period)', () => {
  const now = new Date('2026-11-22T12:00:30.250Z');

  it('is strictly after now, within one period, on the check phase', () => {
    for (const id of ids.slice(0, 200)) {
      const next = nextProbeAt(period(60), id, 60, now);
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      expect(next.getTime()).toBeLessThanOrEqual(now.getTime() + 60_000);
      expect((next.getTime() - probeSpreadMs(id, 60_000)) % 60_000).toBe(0);
    }
  });

  it('successive probes are exactly one period apart, and a late scheduler rejoins the phase without catch-up', () => {
    const id = ids[7] as string;
    const a = nextProbeAt(period(300), id, 60, now);
    const b = nextProbeAt(period(300), id, 60, a);
    expect(b.getTime() - a.getTime()).toBe(300_000);
    const afterOutage = nextProbeAt(period(300), id, 60, new Date(a.getTime() + 3 * 3_600_000 + 1234));
    expect((afterOutage.getTime() - a.getTime()) % 300_000).toBe(0);
  });

  it('now exactly on a slot gives the next slot', () => {
    const id = ids[3] as string;
    const slot = nextProbeAt(period(60), id, 60, now);
    expect(nextProbeAt(period(60), id, 60, slot).getTime()).toBe(slot.getTime() + 60_000);
  });
});

describe('nextProbeAt (cron / OnCalendar)', () => {
  it('the spread stays within a quarter of the grace and at most a minute', () => {
    expect(probeSpreadRangeMs(cron('* * * * *'), 60)).toBe(15_000);
    expect(probeSpreadRangeMs(cron('* * * * *'), 3600)).toBe(MAX_CALENDAR_SPREAD_MS);
    expect(probeSpreadRangeMs(period(120), 60)).toBe(120_000);
  });

  it('fires at the cron slot plus the spread', () => {
    const id = ids[11] as string;
    const spread = probeSpreadMs(id, 15_000);
    const now = new Date('2026-11-22T12:00:30Z');
    expect(nextProbeAt(cron('*/5 * * * *'), id, 60, now).toISOString()).toBe(new Date(Date.parse('2026-11-22T12:05:00Z') + spread).toISOString());
    // Inside the spread window of the slot that just passed: still that slot.
    const justAfterSlot = new Date(Date.parse('2026-11-22T12:05:00Z') + spread - 1);
    expect(nextProbeAt(cron('*/5 * * * *'), id, 60, justAfterSlot).getTime()).toBe(Date.parse('2026-11-22T12:05:00Z') + spread);
  });

  it('follows the check time zone across a DST change', () => {
    const id = ids[5] as string;
    const spread = probeSpreadMs(id, 15_000);
    // Europe/Berlin leaves DST on 2026-10-25: 09:00 local is 07:00 UTC before, 08:00 UTC after.
    const s = cron('0 9 * * *', 'Europe/Berlin');
    expect(nextProbeAt(s, id, 60, new Date('2026-10-24T08:00:00Z')).getTime()).toBe(Date.parse('2026-10-25T08:00:00Z') + spread);
    expect(nextProbeAt(s, id, 60, new Date('2026-10-23T08:00:00Z')).getTime()).toBe(Date.parse('2026-10-24T07:00:00Z') + spread);
  });

  // OnCalendar goes through the same nextAfter(); its own math is tested with the schedule code.
  it('leap days and month ends', () => {
    const id = ids[9] as string;
    const spread = probeSpreadMs(id, 60_000);
    const s = cron('0 0 29 2 *');
    expect(nextProbeAt(s, id, 3600, new Date('2026-03-01T00:00:00Z')).getTime()).toBe(Date.parse('2028-02-29T00:00:00Z') + spread);
    expect(nextProbeAt(cron('0 12 31 * *'), id, 3600, new Date('2026-11-22T00:00:00Z')).getTime()).toBe(Date.parse('2026-12-31T12:00:00Z') + spread);
  });
});

describe('isProbeSuperseded', () => {
  const s = period(60);
  const at = new Date('2026-11-22T12:00:00Z');
  it('a job is current until its next slot plus slack has passed', () => {
    expect(isProbeSuperseded(s, at, new Date('2026-11-22T12:01:59Z'))).toBe(false);
    expect(isProbeSuperseded(s, at, new Date('2026-11-22T12:02:01Z'))).toBe(true);
  });
});
