import { collectDefaultMetrics, Registry } from 'prom-client';

/** What a /metrics endpoint serves: a prom-client Registry satisfies it. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

/**
 * One registry per service process (never prom-client's global one: tests start several services
 * in one process), with Node's process metrics: CPU, memory, heap, GC, event-loop lag, handles.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which Prometheus' linter (promtool check metrics) rejects; each is
  // the sum of its per-type sibling without the suffix (nodejs_active_handles{type=…}), kept.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    registry.removeSingleMetric(name);
  }
  return registry;
}
