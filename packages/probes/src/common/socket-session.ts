import { isIP, type Socket } from 'node:net';
import type { X509Certificate } from 'node:crypto';
import tls, { type TLSSocket } from 'node:tls';
import { certificateInfoOf, type CertificateInfo } from './certificate.js';
import { failureDetail } from './failure-detail.js';
import type { PhaseTimer } from './phases.js';
import { requestFailureKind, type RequestFailureKind } from './request-failure.js';
import type { ProbeContext } from '../probe-kind.js';

/** A failure with a node-style code (mapped by `requestFailureKind`). */
export class ProbeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TlsOptions {
  /** SNI; null sends none (node refuses an IP address as SNI). */
  servername: string | null;
  /** The name the certificate must be valid for (SNI, else the host). */
  verifyName: string;
}

/** The TLS names for a host: SNI (never an IP address) and the name the certificate must match. */
export function tlsNames(host: string, sni: string | null): TlsOptions {
  const servername = sni ?? (isIP(host) ? null : host);
  return { servername, verifyName: servername ?? host };
}

/** How a socket probe that threw ended, for its observation: the failure kind, the words, the certificate seen. */
export interface SocketFailure {
  kind: 'failure';
  failure: RequestFailureKind;
  detail: string;
  certificate: CertificateInfo | null;
}

export function socketFailure(err: unknown, host: string): SocketFailure {
  const e = err as ProbeError & { certificate?: CertificateInfo | null };
  return { kind: 'failure', failure: requestFailureKind(e.code), detail: failureDetail(e, host), certificate: e.certificate ?? null };
}

export interface OpenSocket {
  socket: Socket | TLSSocket;
  certificate: CertificateInfo | null;
}

/**
 * One probe's connection and its deadline: every socket it opens is destroyed when the probe
 * ends, and the deadline (the check's timeout, over the whole probe) fails whatever is in
 * progress with ETIMEDOUT.
 */
export class SocketSession {
  private readonly sockets: Socket[] = [];
  private readonly deadline: NodeJS.Timeout;
  private timedOut: ((err: Error) => void) | null = null;
  private expired = false;

  constructor(
    private readonly ctx: ProbeContext,
    private readonly timer: PhaseTimer,
    timeoutMs: number,
  ) {
    this.deadline = setTimeout(() => {
      this.expired = true;
      this.timedOut?.(new ProbeError('ETIMEDOUT', `timeout after ${timeoutMs / 1000} s`));
    }, timeoutMs);
  }

  /**
   * Waits for `start` to settle, or fails at the deadline. `start` gets `settle` callbacks and
   * returns nothing: the session keeps one wait at a time.
   */
  wait<T>(start: (resolve: (v: T) => void, reject: (err: Error) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.expired) return reject(new ProbeError('ETIMEDOUT', 'timeout'));
      let done = false;
      const settle = (f: () => void) => {
        if (done) return;
        done = true;
        this.timedOut = null;
        f();
      };
      this.timedOut = (err) => settle(() => reject(err));
      start(
        (v) => settle(() => resolve(v)),
        (err) => settle(() => reject(err)),
      );
    });
  }

  /**
   * A TCP connection to host:port through the outbound guard (phases dns and connect), then TLS
   * when asked (phase tls): the chain and the name are verified here, after the handshake, so a
   * bad certificate is still read and reported.
   */
  async open(host: string, port: number, tlsOptions: TlsOptions | null): Promise<OpenSocket> {
    const raw = this.ctx.guard.connect({ host, port });
    this.sockets.push(raw);
    await this.wait<void>((resolve, reject) => {
      raw.once('lookup', (err: Error | null) => {
        if (!err) this.timer.mark('dns');
      });
      raw.once('error', reject);
      raw.once('connect', () => {
        // The guard refuses a connected address by destroying the socket from an earlier listener.
        if (raw.destroyed) return;
        this.timer.mark('connect');
        resolve();
      });
    });
    if (!tlsOptions) return { socket: raw, certificate: null };
    const secure = tls.connect({
      socket: raw,
      ...(tlsOptions.servername ? { servername: tlsOptions.servername } : {}),
      // The name is checked below on the X509 certificate: node's own check builds the legacy
      // certificate object with its whole chain for every probe (a tenth of a TLS probe's CPU).
      checkServerIdentity: () => undefined,
      // Verified below, after the handshake, so that the certificate of a failing server is known.
      rejectUnauthorized: false,
      ...(this.ctx.secureContext ? { secureContext: this.ctx.secureContext } : {}),
    });
    this.sockets.push(secure);
    await this.wait<void>((resolve, reject) => {
      secure.once('error', reject);
      secure.once('secureConnect', () => {
        this.timer.mark('tls');
        resolve();
      });
    });
    const x509 = secure.getPeerX509Certificate();
    const certificate = certificateInfoOf(x509);
    const problem = verify(secure, x509, tlsOptions.verifyName);
    if (problem) throw Object.assign(problem, { certificate });
    return { socket: secure, certificate };
  }

  close(): void {
    clearTimeout(this.deadline);
    // Outermost first: destroying the TCP socket under a live TLS socket crashes node 20 (SIGSEGV).
    for (const s of [...this.sockets].reverse()) s.destroy();
  }
}

/** OpenSSL's verification codes in the words node uses for them (as https probes report them). */
const VERIFY_ERRORS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in certificate chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unable to get local issuer certificate',
  UNABLE_TO_GET_ISSUER_CERT: 'unable to get issuer certificate',
  CERT_REVOKED: 'certificate revoked',
  CERT_SIGNATURE_FAILURE: 'certificate signature failure',
};

/** Why the server's certificate is not acceptable (chain, then name), or null. */
function verify(socket: TLSSocket, x509: X509Certificate | undefined, name: string): Error | null {
  if (!socket.authorized) {
    // A verification code (a string) in node 20, whatever the typings say.
    const raw = socket.authorizationError as unknown as Error | string | null;
    if (raw !== null && typeof raw === 'object') return raw;
    const code = String(raw ?? 'CERT_UNTRUSTED');
    return new ProbeError(code, VERIFY_ERRORS[code] ?? code.toLowerCase().replace(/_/g, ' '));
  }
  if (!x509) return new ProbeError('CERT_MISSING', 'the server sent no certificate');
  // OpenSSL's RFC 6125 matching: SANs (wildcards in the first label only), the subject CN only
  // when there is no DNS SAN.
  if ((isIP(name) ? x509.checkIP(name) : x509.checkHost(name)) !== undefined) return null;
  const names = x509.subjectAltName ? `its names: ${x509.subjectAltName}` : `its subject: ${x509.subject.replace(/\n/g, ', ')}`;
  return new ProbeError('ERR_TLS_CERT_ALTNAME_INVALID', `certificate is not valid for ${name} (${names.slice(0, 300)})`);
}
