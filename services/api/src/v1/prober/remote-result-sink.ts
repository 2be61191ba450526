import type { RemoteProbeResult } from '@upmon/domain';
import type { ProbeReport } from '@upmon/probes';

/** Where a remote prober's accepted results go: the same recording as every location's (check-store). */
export interface RemoteResultSink {
  /** For each result, true when recorded (false: its check is gone). */
  record(location: string, results: readonly RemoteProbeResult[], receivedAt: Date): Promise<boolean[]>;
}

/** A remote clock further off than this is not believed: the result is stamped with its arrival. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** A remote result as the report a local probe makes (the explanation is already bounded by the schema). */
export function reportOfRemoteResult(r: RemoteProbeResult, receivedAt: Date): ProbeReport {
  const at = new Date(r.at);
  return {
    ok: r.ok,
    warning: r.warning,
    explanation: r.explanation,
    failedConditions: [],
    phases: { dnsMs: r.phases.dns_ms, connectMs: r.phases.connect_ms, tlsMs: r.phases.tls_ms, firstByteMs: r.phases.first_byte_ms, totalMs: r.phases.total_ms },
    certificate: r.certificate
      ? {
          subject: r.certificate.subject,
          issuer: r.certificate.issuer,
          sans: r.certificate.sans,
          validFrom: r.certificate.valid_from,
          validTo: r.certificate.valid_to,
          fingerprint256: r.certificate.fingerprint256,
        }
      : null,
    failure: r.failure,
    method: r.method,
    at: Math.abs(at.getTime() - receivedAt.getTime()) > MAX_CLOCK_SKEW_MS ? receivedAt : at,
  };
}
