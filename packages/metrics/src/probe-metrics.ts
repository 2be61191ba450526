import { Histogram, type Registry } from 'prom-client';

/**
 * How a probe ended: `ok`, `warning` (certificate expiring soon), `unexpected_response` (status code,
 * keyword, condition, expected text or DNS answer), or why no usable response came (the prober's failure kinds).
 */
export const PROBE_OUTCOMES = ['ok', 'warning', 'unexpected_response', 'timeout', 'dns', 'refused', 'tls', 'blocked', 'reset', 'redirects', 'other'] as const;
export type ProbeOutcomeLabel = (typeof PROBE_OUTCOMES)[number];

export interface ProbeMetrics {
  /** One probe took `seconds` and ended with `outcome`. */
  probed(outcome: ProbeOutcomeLabel, seconds: number): void;
}

/** Probe timeouts are 1–30 s (every kind's timeout_sec). */
const PROBE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/** Probe durations by outcome (the histogram's _count is the probes per outcome). */
export function createProbeMetrics(registry: Registry): ProbeMetrics {
  const duration = new Histogram({
    name: 'upmon_probe_duration_seconds',
    help: 'Duration of probes of every kind (http, tcp, dns, tls: start to verdict or failure), by outcome.',
    labelNames: ['outcome'],
    buckets: PROBE_BUCKETS,
    registers: [registry],
  });
  const byOutcome = {} as Record<ProbeOutcomeLabel, { observe(v: number): void }>;
  for (const outcome of PROBE_OUTCOMES) {
    byOutcome[outcome] = duration.labels(outcome);
    duration.zero({ outcome });
  }
  return {
    probed(outcome, seconds) {
      byOutcome[outcome].observe(seconds);
    },
  };
}
