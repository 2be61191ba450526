import { BURN_ALERTS } from '@upmon/core';
import type { Slo } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import { sloWindowName } from './slo-input.js';
import type { SloResponse, SloStatusResponse } from './slo-response-schema.js';
import type { SloStatus } from './slo-status-read.js';

const MIN_MS = 60_000;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const minutes = (ms: number) => round3(ms / MIN_MS);
const percent = (ratio: number | null) => (ratio === null ? null : round3(ratio * 100));

/** The API representation of an SLO (docs/api.md, "SLOs"). */
export function presentSlo(s: Slo): SloResponse {
  return {
    id: s.id,
    name: s.name,
    check: s.checkId,
    tag: s.tag,
    target: s.targetPercent,
    window: sloWindowName(s),
    tz: s.tz,
    latency: s.latencyThresholdMs === null ? null : { threshold_ms: s.latencyThresholdMs, target: s.latencyTargetPercent as number },
    created_at: isoTimestamp(s.createdAt),
    updated_at: isoTimestamp(s.updatedAt),
  };
}

/** An SLO's status as the API returns it. */
export function presentSloStatus({ slo, checks, attainment: a, burn, latency }: SloStatus): SloStatusResponse {
  return {
    slo: presentSlo(slo),
    from: isoTimestamp(new Date(a.from)),
    to: isoTimestamp(new Date(a.to)),
    checks,
    availability: percent(a.availability),
    met: a.met,
    monitored_minutes: minutes(a.monitoredMs),
    down_minutes: minutes(a.downMs),
    maintenance_minutes: minutes(a.maintenanceMs),
    budget: {
      allowed_minutes: minutes(a.budget.allowedMs),
      spent_minutes: minutes(a.budget.spentMs),
      remaining_minutes: minutes(a.budget.remainingMs),
      remaining_percent: percent(a.budget.remainingRatio),
    },
    latency:
      latency === null || slo.latencyThresholdMs === null
        ? null
        : {
            threshold_ms: slo.latencyThresholdMs,
            target: slo.latencyTargetPercent as number,
            probes: latency.probes,
            fast_percent: percent(latency.ratio),
            met: latency.ratio === null ? null : latency.ratio * 100 >= (slo.latencyTargetPercent as number),
          },
    burn_rates: burn.map((b) => {
      const spec = BURN_ALERTS.find((x) => x.kind === b.kind);
      return {
        alert: b.kind,
        long_window_minutes: (spec?.longMs ?? 0) / MIN_MS,
        short_window_minutes: (spec?.shortMs ?? 0) / MIN_MS,
        threshold: round3(b.threshold),
        long_burn: b.longBurn === null ? null : round3(b.longBurn),
        short_burn: b.shortBurn === null ? null : round3(b.shortBurn),
        firing: b.firing,
      };
    }),
  };
}
