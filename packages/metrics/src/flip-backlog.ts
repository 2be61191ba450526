import { Gauge, type Registry } from 'prom-client';

export interface FlipBacklog {
  /** Flips committed but not yet handed to the notifier. */
  count: number;
  /** Age of the oldest of them in seconds (0 when there are none). */
  oldestAgeSeconds: number;
}

/**
 * Flips committed but not yet handed to the notifier, read when Prometheus scrapes (`read` is the
 * service's query; what "handed over" means belongs to the flip path, not to this module). A failed
 * read reports NaN rather than a stale or made-up value.
 */
export function registerFlipBacklog(registry: Registry, read: () => Promise<FlipBacklog>): void {
  // One read per scrape serves both gauges: the registry collects them in the same tick.
  let pending: Promise<FlipBacklog | null> | null = null;
  const current = () =>
    (pending ??= read()
      .catch(() => null)
      .finally(() => (pending = null)));
  new Gauge({
    name: 'upmon_flips_unhanded',
    help: 'Flips committed but not yet handed to the notifier.',
    registers: [registry],
    async collect() {
      const b = await current();
      this.set(b ? b.count : NaN);
    },
  });
  new Gauge({
    name: 'upmon_flips_unhanded_oldest_seconds',
    help: 'Age of the oldest flip committed but not yet handed to the notifier (0 when none).',
    registers: [registry],
    async collect() {
      const b = await current();
      this.set(b ? b.oldestAgeSeconds : NaN);
    },
  });
}
