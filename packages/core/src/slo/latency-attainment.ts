import { histogramBucket } from '../probe/response-time-histogram.js';

const LOG_FACTOR = Math.log(1.2);

/** Probes of a time bucket as the response-time rollups keep them. */
export interface ProbeCounts {
  /** Every probe, failed ones included. */
  probes: number;
  /** Answered probes per response-time bucket (core's response-time-histogram). */
  hist: readonly number[];
}

export interface LatencyAttainment {
  probes: number;
  /** Probes answered within the threshold (estimated within the bucket holding it). */
  fast: number;
  /** fast ÷ probes; null without probes. */
  ratio: number | null;
}

/**
 * The share of probes answered within `thresholdMs` (docs/slos.md, "Latency"): a probe that got
 * no answer is not fast. The rollups keep response times in log-scale buckets, so the bucket that
 * holds the threshold is split log-linearly: exact when the threshold is a bucket boundary, else
 * off by at most that bucket's count. Pure.
 */
export function latencyAttainment(rollups: readonly ProbeCounts[], thresholdMs: number): LatencyAttainment {
  const b = histogramBucket(thresholdMs);
  // Share of bucket b at or below the threshold: bucket 0 is 0–1 ms (linear), bucket i is (1.2^(i−1), 1.2^i].
  const part = b === 0 ? Math.min(1, Math.max(0, thresholdMs)) : Math.min(1, Math.max(0, Math.log(thresholdMs) / LOG_FACTOR - (b - 1)));
  let probes = 0;
  let fast = 0;
  for (const r of rollups) {
    probes += r.probes;
    for (let i = 0; i < b; i++) fast += r.hist[i] ?? 0;
    fast += (r.hist[b] ?? 0) * part;
  }
  fast = Math.min(fast, probes);
  return { probes, fast, ratio: probes > 0 ? fast / probes : null };
}
