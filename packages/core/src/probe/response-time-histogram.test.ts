import { addHistogram, bucketValue, emptyHistogram, HISTOGRAM_BUCKETS, histogramBucket, histogramPercentile } from './response-time-histogram.js';

describe('response-time histogram', () => {
  it('buckets are log-scale, monotonic, and every value lands within 10 % of its bucket value', () => {
    expect(histogramBucket(0)).toBe(0);
    expect(histogramBucket(1)).toBe(0);
    expect(histogramBucket(-5)).toBe(0);
    expect(histogramBucket(Number.NaN)).toBe(0);
    expect(histogramBucket(1e9)).toBe(HISTOGRAM_BUCKETS - 1);
    let last = 0;
    for (let ms = 1; ms < 60_000; ms = Math.ceil(ms * 1.01)) {
      const b = histogramBucket(ms);
      expect(b).toBeGreaterThanOrEqual(last);
      last = b;
      if (ms >= 2) expect(Math.abs(bucketValue(b) - ms) / ms).toBeLessThanOrEqual(0.1);
    }
  });

  it('percentiles of a known distribution', () => {
    const hist = emptyHistogram();
    for (let i = 1; i <= 100; i++) hist[histogramBucket(i * 10)]! += 1; // 10, 20, … 1000 ms
    const p50 = histogramPercentile(hist, 0.5) as number;
    const p95 = histogramPercentile(hist, 0.95) as number;
    expect(Math.abs(p50 - 500) / 500).toBeLessThanOrEqual(0.1);
    expect(Math.abs(p95 - 950) / 950).toBeLessThanOrEqual(0.1);
    expect(histogramPercentile(emptyHistogram(), 0.5)).toBeNull();
  });

  it('histograms add up', () => {
    const a = emptyHistogram();
    a[3] = 2;
    expect(addHistogram(a, [0, 0, 0, 1, 5])[4]).toBe(5);
    expect(a[3]).toBe(3);
    expect(addHistogram(a, null)).toBe(a);
  });
});
