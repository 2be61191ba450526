import { isoTimestamp } from '../timestamps.js';
import type { Report } from './read-report.js';
import type { ReportResponse } from './report-response-schema.js';

const round3 = (x: number) => Math.round(x * 1000) / 1000;
export const reportMinutes = (ms: number) => round3(ms / 60_000);
export const reportPercent = (ratio: number | null) => (ratio === null ? null : round3(ratio * 100));
const iso = (ms: number) => isoTimestamp(new Date(ms));

/** The API representation of a report (docs/api.md, "Reports"). */
export function presentReport(r: Report): ReportResponse {
  const s = r.query.subject;
  return {
    subject: { kind: s.kind, check: s.kind === 'check' ? s.checkId : null, tag: s.kind === 'tag' ? s.tag : null },
    from: iso(r.query.range.from),
    to: iso(r.query.range.to),
    tz: r.query.tz,
    month: r.query.month,
    generated_at: iso(r.generatedAt),
    totals: {
      checks: r.totals.checks,
      availability: reportPercent(r.totals.availability),
      monitored_minutes: reportMinutes(r.totals.monitoredMs),
      down_minutes: reportMinutes(r.totals.downMs),
      maintenance_minutes: reportMinutes(r.totals.maintenanceMs),
      incidents: r.totals.incidents,
    },
    checks: r.checks.map((c) => ({
      id: c.id,
      name: c.name,
      availability: reportPercent(c.availability),
      monitored_minutes: reportMinutes(c.monitoredMs),
      down_minutes: reportMinutes(c.downMs),
      maintenance_minutes: reportMinutes(c.maintenanceMs),
      incidents: c.incidents.map((i) => ({
        started_at: iso(i.start),
        ended_at: i.end === null ? null : iso(i.end),
        duration_minutes: reportMinutes(i.durationMs),
        counted_minutes: reportMinutes(i.countedMs),
        reason: i.reason,
      })),
      response_times: c.responseTimes && {
        probes: c.responseTimes.probes,
        p50_ms: c.responseTimes.p50,
        p95_ms: c.responseTimes.p95,
        p99_ms: c.responseTimes.p99,
      },
    })),
    slos: r.slos.map(({ slo, attainment: a }) => ({
      id: slo.id,
      name: slo.name,
      target: slo.targetPercent,
      availability: reportPercent(a.availability),
      met: a.met,
      budget_allowed_minutes: reportMinutes(a.budget.allowedMs),
      budget_spent_minutes: reportMinutes(a.budget.spentMs),
      budget_remaining_percent: reportPercent(a.budget.remainingRatio),
    })),
  };
}
