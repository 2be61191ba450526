import type { CertificateInfo } from '../common/certificate.js';
import { failureDetail } from '../common/failure-detail.js';
import { PhaseTimer, type ProbePhases } from '../common/phases.js';
import { requestFailureKind, type RequestFailureKind } from '../common/request-failure.js';
import { SocketSession, tlsNames, type ProbeError } from '../common/socket-session.js';
import type { ProbeContext } from '../probe-kind.js';
import type { TlsConfig } from './tls-config.js';

export type TlsObservation =
  | { kind: 'failure'; failure: RequestFailureKind; detail: string; certificate: CertificateInfo | null }
  | { kind: 'handshake'; certificate: CertificateInfo | null };

export interface TlsProbeResult {
  observation: TlsObservation;
  phases: ProbePhases;
}

/**
 * Connects (through the outbound guard) and completes a TLS handshake; the chain and the name are
 * verified, and the certificate is reported even when they fail. Sends nothing; never throws.
 */
export async function performTlsProbe(config: TlsConfig, ctx: ProbeContext): Promise<TlsProbeResult> {
  const timer = new PhaseTimer();
  const session = new SocketSession(ctx, timer, config.timeoutSec * 1000);
  try {
    const { certificate } = await session.open(config.host, config.port, tlsNames(config.host, config.sni));
    return { observation: { kind: 'handshake', certificate }, phases: timer.phases() };
  } catch (err) {
    const e = err as ProbeError & { certificate?: CertificateInfo | null };
    return {
      observation: { kind: 'failure', failure: requestFailureKind(e.code), detail: failureDetail(e, config.host), certificate: e.certificate ?? null },
      phases: timer.phases(),
    };
  } finally {
    session.close();
  }
}
