import { Gauge, type Registry } from 'prom-client';

export interface LocationHealthReading {
  locations: { location: string; stale: boolean; lastResultAt: Date | null }[];
  checksAllStale: number;
}

/**
 * Stale locations and the checks nobody watches (docs/locations.md, "Stale locations"), read when
 * Prometheus scrapes: `upmon_location_stale{location}` (1 when its probers deliver no results),
 * `upmon_location_last_result_age_seconds{location}` and `upmon_checks_all_locations_stale`. A stale
 * location is the operators' problem, not an outage of the checks: the alert rules page the
 * operators (infra/prometheus), no check flips. A failed read reports NaN.
 */
export function registerLocationHealth(registry: Registry, read: () => Promise<LocationHealthReading>, now: () => Date): void {
  let pending: Promise<LocationHealthReading | null> | null = null;
  const current = () =>
    (pending ??= read()
      .catch(() => null)
      .finally(() => (pending = null)));
  new Gauge({
    name: 'upmon_location_stale',
    help: '1 when the location delivers no probe results (its probers stopped), else 0.',
    labelNames: ['location'],
    registers: [registry],
    async collect() {
      const h = await current();
      this.reset();
      for (const l of h?.locations ?? []) this.set({ location: l.location }, l.stale ? 1 : 0);
    },
  });
  new Gauge({
    name: 'upmon_location_last_result_age_seconds',
    help: "Age of the location's newest probe result (absent for a location that never delivered one).",
    labelNames: ['location'],
    registers: [registry],
    async collect() {
      const h = await current();
      this.reset();
      for (const l of h?.locations ?? [])
        if (l.lastResultAt) this.set({ location: l.location }, Math.max(0, (now().getTime() - l.lastResultAt.getTime()) / 1000));
    },
  });
  new Gauge({
    name: 'upmon_checks_all_locations_stale',
    help: 'Probed, unpaused checks every one of whose locations is stale: nobody probes them.',
    registers: [registry],
    async collect() {
      const h = await current();
      this.set(h ? h.checksAllStale : NaN);
    },
  });
}
