import { Counter, Histogram, type Registry } from 'prom-client';

export interface FanOutMetrics {
  /** One fan-out transaction committed: `flips` claimed, `deliveries` jobs added, in `seconds`. */
  committed(flips: number, deliveries: number, seconds: number): void;
  /** A fan-out transaction rolled back (PostgreSQL or Redis failed): its flips wait for the next. */
  failed(): void;
}

/** The notifier's intake of committed flips from PostgreSQL (claim → delivery jobs → commit). */
export function createFanOutMetrics(registry: Registry): FanOutMetrics {
  const flips = new Counter({
    name: 'upmon_flips_fanned_out_total',
    help: 'Flips claimed from PostgreSQL and fanned out by this notifier.',
    registers: [registry],
  });
  const jobs = new Counter({ name: 'upmon_fan_out_deliveries_total', help: 'Delivery jobs added by the fan-out of this notifier.', registers: [registry] });
  const failures = new Counter({
    name: 'upmon_fan_out_failures_total',
    help: 'Fan-out transactions rolled back (their flips wait for the next claim).',
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'upmon_fan_out_seconds',
    help: 'Duration of one fan-out transaction (claim, reminders, delivery jobs, mark, commit).',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    committed(n, deliveries, seconds) {
      flips.inc(n);
      jobs.inc(deliveries);
      duration.observe(seconds);
    },
    failed() {
      failures.inc();
    },
  };
}
