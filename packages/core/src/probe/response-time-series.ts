import { addHistogram, emptyHistogram, histogramPercentile } from './response-time-histogram.js';

/** Rollup resolutions (minutes) and how long each is kept (retention pruner). */
export const ROLLUP_RESOLUTIONS = [5, 60] as const;
export type RollupResolution = (typeof ROLLUP_RESOLUTIONS)[number];
export const ROLLUP_KEPT_DAYS: Record<RollupResolution, number> = { 5: 2, 60: 35 };

/** The chart ranges: which rollups each reads and how wide its points are. */
export const RESPONSE_TIME_RANGES = {
  '24h': { hours: 24, resolution: 5, stepMinutes: 10 },
  '7d': { hours: 7 * 24, resolution: 60, stepMinutes: 60 },
  '30d': { hours: 30 * 24, resolution: 60, stepMinutes: 240 },
} as const satisfies Record<string, { hours: number; resolution: RollupResolution; stepMinutes: number }>;
export type ResponseTimeRange = keyof typeof RESPONSE_TIME_RANGES;

/** Start of the rollup bucket of width `resolution` minutes holding `at` (ms since the epoch). */
export function rollupBucketStart(atMs: number, resolutionMinutes: number): number {
  const width = resolutionMinutes * 60_000;
  return Math.floor(atMs / width) * width;
}

/** One rollup row as read. */
export interface RollupRow {
  bucket: Date;
  probes: number;
  failures: number;
  answered: number;
  totalMsSum: number;
  maxMs: number;
  dnsMsSum: number;
  connectMsSum: number;
  tlsMsSum: number;
  firstByteMsSum: number;
  hist: readonly number[];
}

/** One point of the chart: the probes of [start, start + step). Times in ms; null without answers. */
export interface ResponseTimePoint {
  start: Date;
  probes: number;
  failures: number;
  p50Ms: number | null;
  p95Ms: number | null;
  avgMs: number | null;
  maxMs: number | null;
  /** Mean phases of the answered probes (a phase a probe did not have counts as 0). */
  phases: { dnsMs: number; connectMs: number; tlsMs: number; firstByteMs: number } | null;
}

export interface ResponseTimeSeries {
  range: ResponseTimeRange;
  from: Date;
  to: Date;
  stepMinutes: number;
  points: ResponseTimePoint[];
  /** Over the whole range. */
  p50Ms: number | null;
  p95Ms: number | null;
  /** Mean phases of the range's answered probes. */
  phases: ResponseTimePoint['phases'];
}

/**
 * The chart's series for `range` ending at `now`, from the rollup rows of that range's resolution
 * (any order; rows outside the range are ignored). Every step has a point, empty ones included,
 * so gaps show as gaps.
 */
export function responseTimeSeries(range: ResponseTimeRange, rows: readonly RollupRow[], now: Date): ResponseTimeSeries {
  const spec = RESPONSE_TIME_RANGES[range];
  const step = spec.stepMinutes * 60_000;
  const end = rollupBucketStart(now.getTime(), spec.stepMinutes) + step;
  const start = end - spec.hours * 3_600_000;
  const count = Math.round((end - start) / step);
  const acc = Array.from({ length: count }, () => ({
    probes: 0,
    failures: 0,
    answered: 0,
    sum: 0,
    max: 0,
    dns: 0,
    connect: 0,
    tls: 0,
    firstByte: 0,
    hist: emptyHistogram(),
  }));
  const whole = emptyHistogram();
  const total = { answered: 0, dns: 0, connect: 0, tls: 0, firstByte: 0 };
  for (const r of rows) {
    const i = Math.floor((r.bucket.getTime() - start) / step);
    const a = acc[i];
    if (!a) continue;
    a.probes += r.probes;
    a.failures += r.failures;
    a.answered += r.answered;
    a.sum += r.totalMsSum;
    a.max = Math.max(a.max, r.maxMs);
    a.dns += r.dnsMsSum;
    a.connect += r.connectMsSum;
    a.tls += r.tlsMsSum;
    a.firstByte += r.firstByteMsSum;
    addHistogram(a.hist, r.hist);
    addHistogram(whole, r.hist);
    total.answered += r.answered;
    total.dns += r.dnsMsSum;
    total.connect += r.connectMsSum;
    total.tls += r.tlsMsSum;
    total.firstByte += r.firstByteMsSum;
  }
  const mean = (sum: number, n: number) => Math.round(sum / n);
  const points = acc.map((a, i): ResponseTimePoint => ({
    start: new Date(start + i * step),
    probes: a.probes,
    failures: a.failures,
    p50Ms: histogramPercentile(a.hist, 0.5),
    p95Ms: histogramPercentile(a.hist, 0.95),
    avgMs: a.answered > 0 ? mean(a.sum, a.answered) : null,
    maxMs: a.answered > 0 ? a.max : null,
    phases:
      a.answered > 0
        ? { dnsMs: mean(a.dns, a.answered), connectMs: mean(a.connect, a.answered), tlsMs: mean(a.tls, a.answered), firstByteMs: mean(a.firstByte, a.answered) }
        : null,
  }));
  return {
    range,
    from: new Date(start),
    to: new Date(end),
    stepMinutes: spec.stepMinutes,
    points,
    p50Ms: histogramPercentile(whole, 0.5),
    p95Ms: histogramPercentile(whole, 0.95),
    phases:
      total.answered > 0
        ? {
            dnsMs: mean(total.dns, total.answered),
            connectMs: mean(total.connect, total.answered),
            tlsMs: mean(total.tls, total.answered),
            firstByteMs: mean(total.firstByte, total.answered),
          }
        : null,
  };
}
