import { createBatcher, type Batcher } from '@upmon/batching';
import { flipCauseToJson } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import { withPgTransaction, type PgPool } from '@upmon/db';
import type { FlipMetrics } from '@upmon/metrics';
import type { ProbeReport } from '@upmon/probes';
import { CheckBatch } from './check-batch.js';
import { CheckLocations, type SealedLocationResult } from './check-locations.js';
import { writeCertificates, writeProbeRollups, type CertificateWrite, type ProbeSample } from './probe-results.js';

export interface ProbeResult {
  checkId: string;
  /** Where it was probed from (PROBER_LOCATION). */
  location: string;
  report: ProbeReport;
  /** Keep the report's certificate as the check's latest (it changed, or was last kept long ago). */
  keepCertificate: boolean;
  /** The ping's user agent when not this store's (a remote prober's). */
  userAgent?: string;
  /** A result that may be delivered again (a remote location's): recorded only when newer than the location's last (`LocationProbeResult.onlyIfNewer`). */
  onlyIfNewer?: boolean;
}

export interface ProbeResultStoreDeps {
  pool: PgPool;
  cipher: Cipher;
  userAgent: string;
  flipMetrics: FlipMetrics;
  /** The locations of a check that names none (PUBLIC_LOCATIONS). */
  publicLocations: readonly string[];
}

/**
 * Records probe results: for each, its location's state (check_locations), a ping (with the probe's
 * phases) and the state-machine event of the check's quorum verdict (docs/locations.md),
 * its response-time rollups and, for TLS-speaking probes, the certificate: committed together
 * (the notifier takes the flips from PostgreSQL).
 *
 * Used by every location's prober and by the api for private locations' results (docs/locations.md).
 * Written through check-store (`CheckBatch`: lock in id order, the state machine per result, one
 * statement for states, flips and pings; then the rollups and certificates), as group commits:
 * concurrent probe results share one transaction (a Prisma transaction per probe capped the prober
 * at a few dozen probes/s here).
 */
export class ProbeResultStore {
  private readonly groups: Batcher<ProbeResult, boolean>;

  constructor(
    private readonly deps: ProbeResultStoreDeps,
    opts: { maxGroup?: number; maxParallel?: number } = {},
  ) {
    this.groups = createBatcher((items) => this.writeGroup(items), { maxBatch: opts.maxGroup ?? 500, maxConcurrent: opts.maxParallel ?? 2, gather: 'none' });
  }

  /** Resolves after commit: true when recorded, false when the check no longer exists (or an `onlyIfNewer` result was not newer). */
  record(result: ProbeResult): Promise<boolean> {
    return this.groups.submit(result);
  }

  drain(): Promise<void> {
    return this.groups.drain();
  }

  /**
   * A flip's cause (flips.cause): the deciding locations' results as they stood, re-encrypted for
   * the flip (flips are rare: one decryption per deciding location each).
   */
  private sealCause(checkId: string, results: SealedLocationResult[]): Buffer {
    const { cipher } = this.deps;
    const open = (r: SealedLocationResult): string | null => {
      if (!r.reason) return null;
      try {
        return cipher.decrypt(r.reason, AAD.checkLocationReason(checkId, r.location)).toString('utf8');
      } catch {
        return null; // sealed with a key no longer configured: the location is named without its words
      }
    };
    return cipher.encrypt(flipCauseToJson(results.map((r) => ({ location: r.location, at: r.at, explanation: open(r) }))), AAD.flipCause(checkId));
  }

  private async writeGroup(results: ProbeResult[]): Promise<boolean[]> {
    const { recorded, reasons } = await withPgTransaction(this.deps.pool, async (client) => {
      const ids = results.map((r) => r.checkId);
      const batch = await CheckBatch.lock(client, ids);
      const locations = await CheckLocations.read(client, ids, this.deps.publicLocations);
      const samples: ProbeSample[] = [];
      const certificates: CertificateWrite[] = [];
      // Results for one check are applied in the order they arrived.
      const recorded = results.map(({ checkId, location, report, keepCertificate, userAgent, onlyIfNewer }) => {
        const verdict = locations.record(batch, {
          checkId,
          location,
          ok: report.ok,
          warning: report.warning,
          at: report.at,
          durationMs: report.phases.totalMs,
          reason: this.deps.cipher.encrypt(report.explanation, AAD.checkLocationReason(checkId, location)),
          ...(onlyIfNewer ? { onlyIfNewer } : {}),
        });
        if (!verdict) return false;
        const { flip } = batch.transition(checkId, { type: 'probe', outcome: verdict.outcome, locations: verdict.locations }, report.at);
        if (flip?.locations && flip.locations.length > 0)
          batch.keepFlipCause(flip, this.sealCause(checkId, locations.decidingResults(checkId, flip.locations)));
        batch.recordPing(
          checkId,
          {
            ts: report.at.toISOString(),
            type: report.ok ? 'success' : 'fail',
            method: report.method,
            userAgent: (userAgent ?? this.deps.userAgent).slice(0, 200),
            bodySize: Buffer.byteLength(report.explanation),
            body: this.deps.cipher.encrypt(report.explanation, AAD.pingBody(checkId)),
            durationMs: report.phases.totalMs,
            phases: report.phases,
          },
          report.ok ? 'success' : 'fail',
        );
        samples.push({ checkId, at: report.at, ok: report.ok, answered: report.failure === null, ...report.phases });
        if (keepCertificate && report.certificate) certificates.push({ checkId, ...report.certificate, observedAt: report.at });
        return true;
      });
      await batch.write(client);
      await locations.write(client);
      await writeProbeRollups(client, samples);
      await writeCertificates(client, certificates);
      return { recorded, reasons: batch.flipRecords().map((f) => f.reason) };
    });
    for (const reason of reasons) this.deps.flipMetrics.committed(reason);
    return recorded;
  }
}
