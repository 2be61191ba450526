import { emptyHistogram, histogramBucket } from '../probe/response-time-histogram.js';
import { latencyAttainment } from './latency-attainment.js';

function hist(ms: number[]): number[] {
  const h = emptyHistogram();
  for (const x of ms) h[histogramBucket(x)] = (h[histogramBucket(x)] ?? 0) + 1;
  return h;
}

describe('latencyAttainment', () => {
  test('a threshold on a bucket boundary is exact: 1.2^34 ms (~494 ms)', () => {
    const edge = Math.pow(1.2, 34);
    const a = latencyAttainment([{ probes: 4, hist: hist([100, 400, edge, 600]) }], edge);
    expect(a).toEqual({ probes: 4, fast: 3, ratio: 0.75 });
  });

  test('probes without an answer are not fast', () => {
    const a = latencyAttainment([{ probes: 10, hist: hist([50, 50, 50, 50, 50, 50, 50, 50]) }], 500);
    expect(a.fast).toBeCloseTo(8, 9);
    expect(a.ratio).toBeCloseTo(0.8, 9);
  });

  test('the bucket holding the threshold is split log-linearly, so the estimate is within that bucket', () => {
    const b = histogramBucket(500);
    const lower = Math.pow(1.2, b - 1);
    const a = latencyAttainment([{ probes: 10, hist: hist(new Array(10).fill(lower * 1.1)) }], 500);
    const share = Math.log(500 / lower) / Math.log(1.2);
    expect(a.fast).toBeCloseTo(10 * share, 9);
    expect(a.fast).toBeGreaterThan(0);
    expect(a.fast).toBeLessThan(10);
  });

  test('rollups add up; below 1 ms is the first bucket', () => {
    const a = latencyAttainment(
      [
        { probes: 2, hist: hist([0.5, 2000]) },
        { probes: 3, hist: hist([10, 20, 30]) },
      ],
      1000,
    );
    expect(a).toEqual({ probes: 5, fast: 4, ratio: 0.8 });
    expect(latencyAttainment([{ probes: 2, hist: hist([0.2, 0.2]) }], 0.5).fast).toBeCloseTo(1, 9);
  });

  test('no probes: no ratio', () => {
    expect(latencyAttainment([], 500)).toEqual({ probes: 0, fast: 0, ratio: null });
  });
});
