/**
 * Response times kept as counts per log-scale bucket, so that the buckets of any time range add
 * up and give its percentiles (docs/probe-checks.md, "Response times"). Bucket 0 holds 0–1 ms;
 * bucket i (1 ≤ i < 63) holds (1.2^(i-1), 1.2^i] ms; the last holds everything above 1.2^62 ms
 * (~81 s, past every probe timeout). A percentile is reported as the bucket's geometric middle:
 * within 10 % of the true value.
 */
export const HISTOGRAM_BUCKETS = 64;
const FACTOR = 1.2;
const LOG_FACTOR = Math.log(FACTOR);

export function emptyHistogram(): number[] {
  return new Array<number>(HISTOGRAM_BUCKETS).fill(0);
}

export function histogramBucket(ms: number): number {
  if (!(ms > 1)) return 0;
  // The epsilon keeps exact powers (1.2^i) in bucket i despite floating-point rounding.
  return Math.min(HISTOGRAM_BUCKETS - 1, Math.ceil(Math.log(ms) / LOG_FACTOR - 1e-9));
}

/** The value a bucket stands for: its geometric middle (bucket 0: 1 ms). */
export function bucketValue(i: number): number {
  return i <= 0 ? 1 : Math.pow(FACTOR, i - 0.5);
}

/** Adds `b` into `a` (missing or shorter arrays count as zeros). */
export function addHistogram(a: number[], b: readonly number[] | null | undefined): number[] {
  if (!b) return a;
  for (let i = 0; i < HISTOGRAM_BUCKETS; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return a;
}

/** The q-quantile (0 < q ≤ 1) in whole ms, or null for an empty histogram. */
export function histogramPercentile(hist: readonly number[], q: number): number | null {
  let total = 0;
  for (const n of hist) total += n;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i] ?? 0;
    if (seen >= rank) return Math.round(bucketValue(i));
  }
  return Math.round(bucketValue(hist.length - 1));
}
