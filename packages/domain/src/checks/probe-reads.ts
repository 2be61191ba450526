import { readProbeRollups } from '@upmon/check-store';
import { RESPONSE_TIME_RANGES, responseTimeSeries, type ResponseTimeRange, type ResponseTimeSeries } from '@upmon/core';
import type pg from 'pg';
import { ApiError } from '../errors.js';
import { isoTimestamp } from '../timestamps.js';
import type { CertificateResponse, ResponseTimesResponse } from './probe-response-schemas.js';
import { checkExists } from './check-reads.js';

export const RESPONSE_TIME_RANGE_NAMES = Object.keys(RESPONSE_TIME_RANGES) as ResponseTimeRange[];

/** `range` from a query string (default 24h); 422 for anything else. */
export function responseTimeRangeParam(value: unknown): ResponseTimeRange {
  if (value === undefined) return '24h';
  if (typeof value === 'string' && (RESPONSE_TIME_RANGE_NAMES as string[]).includes(value)) return value as ResponseTimeRange;
  throw ApiError.validation({ range: [`must be one of ${RESPONSE_TIME_RANGE_NAMES.join(', ')}`] });
}

/**
 * A check's response times over `range` (p50, p95, mean and phases per point), from its rollups:
 * one primary-key range scan of at most 720 rows (30 days of hourly buckets), summed here. 404
 * for a check of another project; a heartbeat check has an empty series.
 */
export async function readResponseTimes(pool: pg.Pool, projectId: string, checkId: string, range: ResponseTimeRange, now: Date): Promise<ResponseTimeSeries> {
  if (!(await checkExists(pool, projectId, checkId))) throw ApiError.notFound('check not found');
  const spec = RESPONSE_TIME_RANGES[range];
  const from = new Date(now.getTime() - spec.hours * 3_600_000 - spec.stepMinutes * 60_000);
  return responseTimeSeries(range, await readProbeRollups(pool, checkId, spec.resolution, from), now);
}

/** The series as the API returns it (snake_case, +00:00 timestamps). */
const presentPhases = (p: ResponseTimeSeries['phases']) =>
  p ? { dns_ms: p.dnsMs, connect_ms: p.connectMs, tls_ms: p.tlsMs, first_byte_ms: p.firstByteMs } : null;

export function presentResponseTimes(s: ResponseTimeSeries): ResponseTimesResponse {
  return {
    range: s.range,
    from: isoTimestamp(s.from),
    to: isoTimestamp(s.to),
    step_minutes: s.stepMinutes,
    p50_ms: s.p50Ms,
    p95_ms: s.p95Ms,
    phases: presentPhases(s.phases),
    points: s.points.map((p) => ({
      start: isoTimestamp(p.start),
      probes: p.probes,
      failures: p.failures,
      p50_ms: p.p50Ms,
      p95_ms: p.p95Ms,
      avg_ms: p.avgMs,
      max_ms: p.maxMs,
      phases: presentPhases(p.phases),
    })),
  };
}

export interface KeptCertificate {
  subject: string;
  issuer: string;
  sans: string[];
  validFrom: Date;
  validTo: Date;
  fingerprint256: string;
  observedAt: Date;
}

/** The certificate a TLS-speaking check's server presented last, or null (none seen yet, or not TLS). */
export async function readCheckCertificate(pool: pg.Pool, projectId: string, checkId: string): Promise<KeptCertificate | null> {
  const { rows } = await pool.query<{
    subject: string;
    issuer: string;
    sans: string[];
    valid_from: Date;
    valid_to: Date;
    fingerprint256: string;
    observed_at: Date;
  }>(
    `SELECT cc.subject, cc.issuer, cc.sans, cc.valid_from, cc.valid_to, cc.fingerprint256, cc.observed_at
       FROM check_certificates cc JOIN checks c ON c.id = cc.check_id WHERE cc.check_id = $1 AND c.project_id = $2`,
    [checkId, projectId],
  );
  const r = rows[0];
  return r
    ? {
        subject: r.subject,
        issuer: r.issuer,
        sans: r.sans,
        validFrom: r.valid_from,
        validTo: r.valid_to,
        fingerprint256: r.fingerprint256,
        observedAt: r.observed_at,
      }
    : null;
}

export function presentCertificate(c: KeptCertificate, now: Date): CertificateResponse {
  return {
    subject: c.subject,
    issuer: c.issuer,
    sans: c.sans,
    valid_from: isoTimestamp(c.validFrom),
    valid_to: isoTimestamp(c.validTo),
    days_left: Math.floor((c.validTo.getTime() - now.getTime()) / 86_400_000),
    fingerprint256: c.fingerprint256,
    observed_at: isoTimestamp(c.observedAt),
  };
}
