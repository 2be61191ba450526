import { Counter, Histogram, type Registry } from 'prom-client';

export const PING_KINDS = ['success', 'start', 'fail', 'log', 'exit'] as const;
/** How a ping request ended (the receiver's answer). */
export const PING_OUTCOMES = ['stored', 'created', 'not_found', 'invalid', 'over_quota', 'error'] as const;
export type PingKindLabel = (typeof PING_KINDS)[number] | 'unknown';
export type PingOutcome = (typeof PING_OUTCOMES)[number];

export interface PingMetrics {
  /** One ping request answered; `kind` is 'unknown' for a URL that did not parse. */
  received(kind: PingKindLabel, outcome: PingOutcome): void;
  /** Seconds from the request's last body byte to its batch's COMMIT. */
  committed(seconds: number): void;
}

/** Commit times: a lone ping waits for one transaction (~1 ms); a loaded batch tens of ms. */
const COMMIT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The ping receiver's counters (the ingest hot path: one counter increment and one histogram
 * observation per ping; the label children are bound once here, so a ping builds no label object).
 */
export function createPingMetrics(registry: Registry): PingMetrics {
  const counter = new Counter({
    name: 'upmon_pings_received_total',
    help: 'Ping requests answered by the ping receiver, by ping kind and outcome.',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const commit = new Histogram({
    name: 'upmon_ping_commit_seconds',
    help: 'Time from a ping request fully received to its transaction committed.',
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  const children = {} as Record<PingKindLabel, Record<PingOutcome, { inc(): void }>>;
  for (const kind of [...PING_KINDS, 'unknown'] as const) {
    children[kind] = {} as Record<PingOutcome, { inc(): void }>;
    for (const outcome of PING_OUTCOMES) {
      const child = counter.labels(kind, outcome);
      children[kind][outcome] = child;
      // Present from the start (0), so rates and alerts work before the first such ping.
      if (outcome === 'stored' && kind !== 'unknown') child.inc(0);
    }
  }
  return {
    received(kind, outcome) {
      children[kind][outcome].inc();
    },
    committed(seconds) {
      commit.observe(seconds);
    },
  };
}
