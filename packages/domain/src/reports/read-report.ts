import {
  availabilityOf,
  checkReport,
  emptyHistogram,
  histogramPercentile,
  reasonInWords,
  sloAttainment,
  sumTotals,
  type AvailabilityTotals,
  type CheckKind,
  type CheckReport,
  type SloAttainment,
} from '@upmon/core';
import type { PrismaClient, Slo } from '@upmon/db';
import type pg from 'pg';
import { ApiError } from '../errors.js';
import { readCheckTimelines, type ReadTimeline } from '../slos/check-timelines-read.js';
import type { ReportQuery } from './report-query.js';

export interface ReportIncidentRow {
  start: number;
  end: number | null;
  durationMs: number;
  countedMs: number;
  /** Why it went down, in words (the down flip's reason). */
  reason: string;
}

export interface ReportCheckRow extends Omit<CheckReport, 'incidents'> {
  id: string;
  name: string;
  kind: CheckKind;
  incidents: ReportIncidentRow[];
  /** Probed checks with probes in the range: percentiles of the response times (ms); null otherwise. */
  responseTimes: { probes: number; p50: number | null; p95: number | null; p99: number | null } | null;
}

export interface Report {
  query: ReportQuery;
  generatedAt: number;
  totals: AvailabilityTotals & { availability: number | null; checks: number; incidents: number };
  checks: ReportCheckRow[];
  /** The project's SLOs about the report's checks, judged over the report's range. */
  slos: { slo: Slo; attainment: SloAttainment }[];
}

/** Checks per report at most: the whole project's (plans allow fewer). */
const REPORT_CHECKS_MAX = 10_000;

type Deps = { pool: pg.Pool; prisma: PrismaClient };

/**
 * A report over a check, a tag's checks or the whole project (docs/slos.md, "Reports"): per
 * check its uptime, downtime and incidents with their reasons (core's `checkReport` over the
 * flips and maintenance), its response-time percentiles (the hourly rollups, summed per check in
 * SQL: the rollups are kept 35 days, so older ranges have none), and the SLOs about those checks
 * judged over the range. Three queries for the checks' data whatever their number.
 */
export async function readReport(deps: Deps, projectId: string, query: ReportQuery, now: Date): Promise<Report> {
  const { subject, range } = query;
  const checks = await deps.prisma.check.findMany({
    where: { projectId, ...(subject.kind === 'check' ? { id: subject.checkId } : subject.kind === 'tag' ? { tags: { has: subject.tag } } : {}) },
    select: { id: true, projectId: true, name: true, kind: true, tags: true, createdAt: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: REPORT_CHECKS_MAX,
  });
  if (subject.kind === 'check' && checks.length === 0) throw ApiError.notFound('check not found');
  const t = now.getTime();
  const [timelines, hist, slos] = await Promise.all([
    readCheckTimelines(deps, projectId, checks, range.from, Math.min(range.to, t)),
    readHistograms(
      deps.pool,
      checks.filter((c) => c.kind !== 'heartbeat').map((c) => c.id),
      range.from,
      Math.min(range.to, t),
    ),
    deps.prisma.slo.findMany({ where: { projectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);

  const rows: ReportCheckRow[] = checks.map((c) => {
    const timeline = timelines.get(c.id) as ReadTimeline;
    const r = checkReport(timeline, range, t);
    const h = hist.get(c.id);
    return {
      ...r,
      id: c.id,
      name: c.name,
      kind: c.kind,
      incidents: r.incidents.map((i) => {
        const flip = timeline.downFlips.get(i.start);
        return { ...i, reason: flip ? reasonInWords(c.kind, flip.reason, flip.oldStatus, 'down') : 'down before the range began' };
      }),
      responseTimes:
        h && h.probes > 0
          ? { probes: h.probes, p50: histogramPercentile(h.hist, 0.5), p95: histogramPercentile(h.hist, 0.95), p99: histogramPercentile(h.hist, 0.99) }
          : null,
    };
  });
  const totals = sumTotals(rows);

  // SLOs about the report's checks: a check's, or a tag's that one of them carries. Their checks
  // outside the report (a tag's others) are read too, once.
  const inReport = new Set(checks.map((c) => c.id));
  const tags = new Set(checks.flatMap((c) => c.tags));
  const relevant = slos.filter((s) => (s.checkId ? inReport.has(s.checkId) : tags.has(s.tag as string)));
  const tagChecks = relevant.some((s) => s.tag)
    ? await deps.prisma.check.findMany({
        where: { projectId, tags: { hasSome: relevant.flatMap((s) => (s.tag ? [s.tag] : [])) } },
        select: { id: true, projectId: true, tags: true, createdAt: true },
      })
    : [];
  const missing = tagChecks.filter((c) => !inReport.has(c.id));
  const more = missing.length > 0 ? await readCheckTimelines(deps, projectId, missing, range.from, Math.min(range.to, t)) : new Map<string, ReadTimeline>();
  const timelineOf = (id: string) => timelines.get(id) ?? more.get(id);
  const sloRows = relevant.map((slo) => {
    const ids = slo.checkId ? [slo.checkId] : tagChecks.filter((c) => c.tags.includes(slo.tag as string)).map((c) => c.id);
    const list = ids.map(timelineOf).filter((x): x is ReadTimeline => x !== undefined);
    return { slo, attainment: sloAttainment({ timelines: list, target: slo.targetPercent / 100, range, now: t }) };
  });

  return {
    query,
    generatedAt: t,
    totals: { ...totals, availability: availabilityOf(totals), checks: rows.length, incidents: rows.reduce((n, r) => n + r.incidents.length, 0) },
    checks: rows,
    slos: sloRows,
  };
}

/**
 * Each probed check's response-time histogram over [from, to): its hourly rollups summed bucket by
 * bucket in SQL, only the buckets that hold probes (a month of 300 checks is ~216,000 rollups of
 * 64 buckets; unnesting them and keeping the non-zero ones took a fifth of the time of indexing
 * every bucket of every row). Probe counts come from a second, plain aggregate.
 */
async function readHistograms(pool: pg.Pool, ids: string[], from: number, to: number): Promise<Map<string, { probes: number; hist: number[] }>> {
  const out = new Map<string, { probes: number; hist: number[] }>();
  if (ids.length === 0 || to <= from) return out;
  const values = [ids, new Date(from), new Date(to)];
  const where = 'check_id = ANY($1::uuid[]) AND resolution = 60 AND bucket >= $2 AND bucket < $3';
  const [probes, buckets] = await Promise.all([
    pool.query<{ check_id: string; probes: string }>({
      name: 'report-probes',
      text: `SELECT check_id, sum(probes) AS probes FROM probe_rollups WHERE ${where} GROUP BY check_id`,
      values,
    }),
    pool.query<{ check_id: string; i: string; n: string }>({
      name: 'report-histograms',
      text: `SELECT r.check_id, u.i, sum(u.n) AS n FROM probe_rollups r, unnest(r.hist) WITH ORDINALITY AS u(n, i)
              WHERE r.check_id = ANY($1::uuid[]) AND r.resolution = 60 AND r.bucket >= $2 AND r.bucket < $3 AND u.n > 0
              GROUP BY r.check_id, u.i`,
      values,
    }),
  ]);
  for (const r of probes.rows) out.set(r.check_id, { probes: Number(r.probes), hist: emptyHistogram() });
  for (const r of buckets.rows) {
    const h = out.get(r.check_id)?.hist;
    if (h) h[Number(r.i) - 1] = Number(r.n);
  }
  return out;
}
