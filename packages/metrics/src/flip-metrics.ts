import { Counter, Histogram, type Registry } from 'prom-client';

export const FLIP_REASONS = ['timeout', 'fail', 'exit', 'ping', 'manual', 'resumed', 'quota', 'short_run'] as const;
export type FlipReasonLabel = (typeof FLIP_REASONS)[number];

export interface FlipMetrics {
  /** `n` flips with this reason committed by this process (call after COMMIT). */
  committed(reason: FlipReasonLabel, n?: number): void;
  /** A timeout flip committed `seconds` after the deadline it is about (scheduler only). */
  deadlineLag(seconds: number): void;
}

/** Deadline lag: tens of ms when idle, seconds in a herd (goal p99 ≤ 1–5 s, docs/scheduler.md). */
const LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];

/**
 * Status changes. Every process that commits flips counts them here right after its commit, so the
 * counters do not depend on how flips then reach the notifier (queue or table).
 */
export function createFlipMetrics(registry: Registry): FlipMetrics {
  const flips = new Counter({
    name: 'upmon_flips_total',
    help: 'Status changes (flips) committed by this process, by reason.',
    labelNames: ['reason'],
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'upmon_deadline_lag_seconds',
    help: 'Time from a check deadline to the commit of the timeout flip it caused.',
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const byReason = {} as Record<FlipReasonLabel, { inc(n?: number): void }>;
  for (const reason of FLIP_REASONS) {
    byReason[reason] = flips.labels(reason);
    byReason[reason].inc(0);
  }
  return {
    committed(reason, n = 1) {
      byReason[reason].inc(n);
    },
    deadlineLag(seconds) {
      lag.observe(Math.max(0, seconds));
    },
  };
}
