import type { CertificateInfo } from '../common/certificate.js';
import { PhaseTimer, type ProbePhases } from '../common/phases.js';
import { socketFailure, SocketSession, tlsNames, type SocketFailure } from '../common/socket-session.js';
import type { ProbeContext } from '../probe-kind.js';
import type { TlsConfig } from './tls-config.js';

export type TlsObservation = SocketFailure | { kind: 'handshake'; certificate: CertificateInfo | null };

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
    return { observation: socketFailure(err, config.host), phases: timer.phases() };
  } finally {
    session.close();
  }
}
