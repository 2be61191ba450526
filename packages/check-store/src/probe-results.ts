import { emptyHistogram, histogramBucket, ROLLUP_KEPT_DAYS, ROLLUP_RESOLUTIONS, rollupBucketStart, type RollupRow } from '@upmon/core';
import type { SqlClient } from './check-sql.js';

/** One probe's timing as the rollups count it. */
export interface ProbeSample {
  checkId: string;
  at: Date;
  ok: boolean;
  /** false: no answer came (refused, timeout, DNS failure…): counted, but not a response time. */
  answered: boolean;
  totalMs: number;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
}

/** The certificate a probe saw, to keep as the check's latest (check_certificates). */
export interface CertificateWrite {
  checkId: string;
  subject: string;
  issuer: string;
  sans: string[];
  validFrom: string;
  validTo: string;
  fingerprint256: string;
  observedAt: Date;
}

interface RollupAcc {
  checkId: string;
  resolution: number;
  bucket: number;
  probes: number;
  failures: number;
  answered: number;
  totalMsSum: number;
  maxMs: number;
  dns: number;
  connect: number;
  tls: number;
  firstByte: number;
  hist: number[];
}

/** The samples summed per (check, resolution, bucket): one upsert row each (a statement may touch a row once). */
export function rollupRowsOf(samples: readonly ProbeSample[]): RollupAcc[] {
  const rows = new Map<string, RollupAcc>();
  for (const s of samples) {
    for (const resolution of ROLLUP_RESOLUTIONS) {
      const bucket = rollupBucketStart(s.at.getTime(), resolution);
      const key = `${s.checkId}|${resolution}|${bucket}`;
      let r = rows.get(key);
      if (!r) {
        r = {
          checkId: s.checkId,
          resolution,
          bucket,
          probes: 0,
          failures: 0,
          answered: 0,
          totalMsSum: 0,
          maxMs: 0,
          dns: 0,
          connect: 0,
          tls: 0,
          firstByte: 0,
          hist: emptyHistogram(),
        };
        rows.set(key, r);
      }
      r.probes += 1;
      if (!s.ok) r.failures += 1;
      if (!s.answered) continue;
      const total = Math.max(0, Math.round(s.totalMs));
      r.answered += 1;
      r.totalMsSum += total;
      r.maxMs = Math.max(r.maxMs, total);
      r.dns += s.dnsMs ?? 0;
      r.connect += s.connectMs ?? 0;
      r.tls += s.tlsMs ?? 0;
      r.firstByte += s.firstByteMs ?? 0;
      r.hist[histogramBucket(total)] = (r.hist[histogramBucket(total)] ?? 0) + 1;
    }
  }
  return [...rows.values()];
}

/**
 * Adds probe samples to their checks' response-time rollups (5-minute and hourly buckets), in
 * the caller's transaction: one statement, histograms added element by element on conflict.
 * Rows of a deleted check are skipped (the join on checks), not an error.
 */
export async function writeProbeRollups(client: SqlClient, samples: readonly ProbeSample[]): Promise<void> {
  const rows = rollupRowsOf(samples);
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO probe_rollups AS r (check_id, resolution, bucket, probes, failures, answered, total_ms_sum, max_ms,
                                     dns_ms_sum, connect_ms_sum, tls_ms_sum, first_byte_ms_sum, hist)
     SELECT v.c, v.res, v.b, v.n, v.f, v.a, v.s, v.m, v.d, v.co, v.t, v.fb, v.h::int[]
       FROM unnest($1::uuid[], $2::smallint[], $3::timestamptz[], $4::int[], $5::int[], $6::int[], $7::bigint[], $8::int[],
                   $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::text[]) AS v(c, res, b, n, f, a, s, m, d, co, t, fb, h)
       JOIN checks ON checks.id = v.c
     ORDER BY v.c, v.res, v.b
     ON CONFLICT (check_id, resolution, bucket) DO UPDATE SET
       probes = r.probes + excluded.probes, failures = r.failures + excluded.failures, answered = r.answered + excluded.answered,
       total_ms_sum = r.total_ms_sum + excluded.total_ms_sum, max_ms = greatest(r.max_ms, excluded.max_ms),
       dns_ms_sum = r.dns_ms_sum + excluded.dns_ms_sum, connect_ms_sum = r.connect_ms_sum + excluded.connect_ms_sum,
       tls_ms_sum = r.tls_ms_sum + excluded.tls_ms_sum, first_byte_ms_sum = r.first_byte_ms_sum + excluded.first_byte_ms_sum,
       hist = (SELECT array_agg(COALESCE(x.a, 0) + COALESCE(x.b, 0) ORDER BY x.i) FROM unnest(r.hist, excluded.hist) WITH ORDINALITY AS x(a, b, i))`,
    [
      rows.map((r) => r.checkId),
      rows.map((r) => r.resolution),
      rows.map((r) => new Date(r.bucket).toISOString()),
      rows.map((r) => r.probes),
      rows.map((r) => r.failures),
      rows.map((r) => r.answered),
      rows.map((r) => r.totalMsSum),
      rows.map((r) => r.maxMs),
      rows.map((r) => r.dns),
      rows.map((r) => r.connect),
      rows.map((r) => r.tls),
      rows.map((r) => r.firstByte),
      rows.map((r) => `{${r.hist.join(',')}}`),
    ],
  );
}

/** Keeps each check's latest certificate (the newest observation wins; deleted checks skipped). */
export async function writeCertificates(client: SqlClient, certificates: readonly CertificateWrite[]): Promise<void> {
  const latest = new Map<string, CertificateWrite>();
  for (const c of certificates) {
    const seen = latest.get(c.checkId);
    if (!seen || seen.observedAt <= c.observedAt) latest.set(c.checkId, c);
  }
  const list = [...latest.values()];
  if (list.length === 0) return;
  await client.query(
    `INSERT INTO check_certificates (check_id, subject, issuer, sans, valid_from, valid_to, fingerprint256, observed_at)
     SELECT v.c, v.s, v.i, ARRAY(SELECT jsonb_array_elements_text(v.sans)), v.vf, v.vt, v.fp, v.o
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::timestamptz[])
            AS v(c, s, i, sans, vf, vt, fp, o)
       JOIN checks ON checks.id = v.c
     ORDER BY v.c
     ON CONFLICT (check_id) DO UPDATE SET subject = excluded.subject, issuer = excluded.issuer, sans = excluded.sans,
       valid_from = excluded.valid_from, valid_to = excluded.valid_to, fingerprint256 = excluded.fingerprint256, observed_at = excluded.observed_at`,
    [
      list.map((c) => c.checkId),
      list.map((c) => c.subject),
      list.map((c) => c.issuer),
      list.map((c) => JSON.stringify(c.sans)),
      list.map((c) => c.validFrom),
      list.map((c) => c.validTo),
      list.map((c) => c.fingerprint256),
      list.map((c) => c.observedAt.toISOString()),
    ],
  );
}

/** The rollup rows of one check at one resolution since `from` (a primary-key range scan). */
export async function readProbeRollups(client: SqlClient, checkId: string, resolution: number, from: Date): Promise<RollupRow[]> {
  const { rows } = await client.query<{
    bucket: Date;
    probes: number;
    failures: number;
    answered: number;
    total_ms_sum: string;
    max_ms: number;
    dns_ms_sum: string;
    connect_ms_sum: string;
    tls_ms_sum: string;
    first_byte_ms_sum: string;
    hist: number[];
  }>(
    `SELECT bucket, probes, failures, answered, total_ms_sum, max_ms, dns_ms_sum, connect_ms_sum, tls_ms_sum, first_byte_ms_sum, hist
       FROM probe_rollups WHERE check_id = $1 AND resolution = $2 AND bucket >= $3 ORDER BY bucket`,
    [checkId, resolution, from.toISOString()],
  );
  return rows.map((r) => ({
    bucket: r.bucket,
    probes: r.probes,
    failures: r.failures,
    answered: r.answered,
    totalMsSum: Number(r.total_ms_sum),
    maxMs: r.max_ms,
    dnsMsSum: Number(r.dns_ms_sum),
    connectMsSum: Number(r.connect_ms_sum),
    tlsMsSum: Number(r.tls_ms_sum),
    firstByteMsSum: Number(r.first_byte_ms_sum),
    hist: r.hist ?? [],
  }));
}

/** Up to `limit` rollup rows past their resolution's retention (ROLLUP_KEPT_DAYS); returns how many. */
export async function pruneProbeRollups(client: SqlClient, now: Date, limit: number): Promise<number> {
  let deleted = 0;
  for (const resolution of ROLLUP_RESOLUTIONS) {
    const before = new Date(now.getTime() - ROLLUP_KEPT_DAYS[resolution] * 86_400_000).toISOString();
    const { rowCount } = await client.query(
      `DELETE FROM probe_rollups WHERE ctid IN (
         SELECT ctid FROM probe_rollups WHERE bucket < $1 AND resolution = $2 LIMIT $3)`,
      [before, resolution, limit],
    );
    deleted += rowCount ?? 0;
  }
  return deleted;
}
