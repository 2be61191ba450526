import { emptyHistogram, histogramBucket } from './response-time-histogram.js';
import { responseTimeSeries, rollupBucketStart, type RollupRow } from './response-time-series.js';

const now = new Date('2026-11-26T12:34:56Z');
const row = (bucket: string, ms: number[], failures = 0): RollupRow => {
  const hist = emptyHistogram();
  for (const m of ms) hist[histogramBucket(m)]! += 1;
  return {
    bucket: new Date(bucket),
    probes: ms.length + failures,
    failures,
    answered: ms.length,
    totalMsSum: ms.reduce((a, b) => a + b, 0),
    maxMs: Math.max(0, ...ms),
    dnsMsSum: ms.length,
    connectMsSum: 2 * ms.length,
    tlsMsSum: 0,
    firstByteMsSum: 10 * ms.length,
    hist,
  };
};

describe('responseTimeSeries', () => {
  it('24 h: 144 points of 10 minutes ending with the current one, empty points kept', () => {
    const s = responseTimeSeries('24h', [row('2026-11-26T12:30:00Z', [100, 100, 300]), row('2026-11-26T12:25:00Z', [50])], now);
    expect(s.points).toHaveLength(144);
    expect(s.to.toISOString()).toBe('2026-11-26T12:40:00.000Z');
    expect(s.from.toISOString()).toBe('2026-11-25T12:40:00.000Z');
    const last = s.points[143]!;
    expect(last.start.toISOString()).toBe('2026-11-26T12:30:00.000Z');
    expect(last).toMatchObject({ probes: 3, failures: 0, avgMs: 167, maxMs: 300, phases: { dnsMs: 1, connectMs: 2, tlsMs: 0, firstByteMs: 10 } });
    expect(last.p50Ms).toBeGreaterThanOrEqual(90);
    expect(last.p50Ms).toBeLessThanOrEqual(110);
    expect(s.points[142]).toMatchObject({ probes: 1, avgMs: 50 });
    expect(s.points[0]).toMatchObject({ probes: 0, p50Ms: null, avgMs: null, phases: null });
  });

  it('30 d: 180 points of 4 hours; rows outside the range are ignored; whole-range percentiles', () => {
    const rows = [row('2026-11-26T09:00:00Z', [200]), row('2026-11-26T10:00:00Z', [400], 2), row('2026-10-01T00:00:00Z', [9999])];
    const s = responseTimeSeries('30d', rows, now);
    expect(s.points).toHaveLength(180);
    expect(s.points[179]!.start.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(s.points[178]).toMatchObject({ probes: 4, failures: 2, maxMs: 400 });
    expect(s.p95Ms).toBeGreaterThan(360);
    expect(s.p95Ms).toBeLessThan(440);
  });

  it('bucket starts', () => {
    expect(new Date(rollupBucketStart(now.getTime(), 5)).toISOString()).toBe('2026-11-26T12:30:00.000Z');
    expect(new Date(rollupBucketStart(now.getTime(), 60)).toISOString()).toBe('2026-11-26T12:00:00.000Z');
  });
});
