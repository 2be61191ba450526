import { HISTOGRAM_BUCKETS, responseTimeSeries } from '@upmon/core';
import { withPgTransaction } from '@upmon/db';
import { makeCheck, openTestStore, type TestStore } from '@upmon/testing';
import { pruneProbeRollups, readProbeRollups, writeCertificates, writeProbeRollups, type ProbeSample } from '../src/probe-results.js';

let store: TestStore;

beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

const sample = (checkId: string, at: string, totalMs: number, extra: Partial<ProbeSample> = {}): ProbeSample => ({
  checkId,
  at: new Date(at),
  ok: true,
  answered: true,
  totalMs,
  dnsMs: 1,
  connectMs: 2,
  tlsMs: null,
  firstByteMs: 5,
  ...extra,
});

describe('probe rollups', () => {
  it('add up across group commits, per 5-minute and hourly bucket, failures and unanswered probes counted apart', async () => {
    const check = await makeCheck(store.prisma, store.projectId, { kind: 'tcp' });
    await withPgTransaction(store.pool, (c) =>
      writeProbeRollups(c, [
        sample(check.id, '2026-11-26T10:01:00Z', 100),
        sample(check.id, '2026-11-26T10:02:00Z', 300, { ok: false }),
        sample(check.id, '2026-11-26T10:07:00Z', 200),
      ]),
    );
    await withPgTransaction(store.pool, (c) =>
      writeProbeRollups(c, [sample(check.id, '2026-11-26T10:03:00Z', 10_000, { ok: false, answered: false }), sample(check.id, '2026-11-26T10:04:00Z', 100)]),
    );
    const five = await readProbeRollups(store.pool, check.id, 5, new Date('2026-11-26T00:00:00Z'));
    expect(five.map((r) => [r.bucket.toISOString(), r.probes, r.failures, r.answered, r.totalMsSum, r.maxMs, r.dnsMsSum, r.firstByteMsSum])).toEqual([
      ['2026-11-26T10:00:00.000Z', 4, 2, 3, 500, 300, 3, 15],
      ['2026-11-26T10:05:00.000Z', 1, 0, 1, 200, 200, 1, 5],
    ]);
    expect(five[0]!.hist).toHaveLength(HISTOGRAM_BUCKETS);
    expect(five[0]!.hist.reduce((a, b) => a + b, 0)).toBe(3);
    const hourly = await readProbeRollups(store.pool, check.id, 60, new Date('2026-11-26T00:00:00Z'));
    expect(hourly.map((r) => [r.probes, r.answered, r.totalMsSum])).toEqual([[5, 4, 700]]);
    const series = responseTimeSeries('7d', hourly, new Date('2026-11-26T11:00:00Z'));
    expect(series.p50Ms).toBeGreaterThanOrEqual(90);
    expect(series.p50Ms).toBeLessThanOrEqual(110);
  });

  it('a sample of a deleted check is skipped, not an error', async () => {
    await withPgTransaction(store.pool, (c) => writeProbeRollups(c, [sample('00000000-0000-4000-8000-000000000000', '2026-11-26T10:00:00Z', 5)]));
  });

  it('are pruned after their resolution is kept', async () => {
    const check = await makeCheck(store.prisma, store.projectId, { kind: 'dns' });
    await withPgTransaction(store.pool, (c) =>
      writeProbeRollups(c, [sample(check.id, '2026-11-20T10:00:00Z', 5), sample(check.id, '2026-11-26T10:00:00Z', 5)]),
    );
    await pruneProbeRollups(store.pool, new Date('2026-11-26T12:00:00Z'), 1000);
    const rows = await store.pool.query(`SELECT resolution, bucket FROM probe_rollups WHERE check_id = $1 ORDER BY resolution, bucket`, [check.id]);
    // 5-minute rows are kept 2 days, hourly ones 35.
    expect(rows.rows.map((r) => `${r.resolution} ${r.bucket.toISOString()}`)).toEqual([
      '5 2026-11-26T10:00:00.000Z',
      '60 2026-11-20T10:00:00.000Z',
      '60 2026-11-26T10:00:00.000Z',
    ]);
  });
});

describe('kept certificates', () => {
  it('the newest observation of a check replaces the one kept', async () => {
    const check = await makeCheck(store.prisma, store.projectId, { kind: 'tls' });
    const cert = (fp: string, at: string) => ({
      checkId: check.id,
      subject: 'CN=example.com',
      issuer: 'CN=Test CA',
      sans: ['DNS:example.com', 'DNS:www.example.com'],
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
      fingerprint256: fp,
      observedAt: new Date(at),
    });
    await withPgTransaction(store.pool, (c) => writeCertificates(c, [cert('AA', '2026-11-26T10:00:00Z'), cert('BB', '2026-11-26T09:00:00Z')]));
    let kept = await store.prisma.checkCertificate.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(kept).toMatchObject({ fingerprint256: 'AA', sans: ['DNS:example.com', 'DNS:www.example.com'] });
    await withPgTransaction(store.pool, (c) => writeCertificates(c, [cert('CC', '2026-11-26T11:00:00Z')]));
    kept = await store.prisma.checkCertificate.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(kept.fingerprint256).toBe('CC');
  });
});
