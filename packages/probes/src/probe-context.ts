import { createOutboundGuard } from '@upmon/outbound';
import { createSecureContext } from 'node:tls';
import got from 'got';
import { probeClient } from './http/http-probe.js';
import type { ProbeContext } from './probe-kind.js';

export interface ProbeContextOptions {
  /** OUTBOUND_ALLOW_CIDRS. */
  allowCidrs?: readonly string[];
  userAgent: string;
  now: () => Date;
  /** Extra trusted CA certificates (tests; operators use NODE_EXTRA_CA_CERTS). */
  certificateAuthority?: string | string[];
}

/**
 * What every probe of a process shares, built once: the outbound guard (fresh connections: no
 * keep-alive and no TLS session resumption, so every probe measures a full connect and handshake
 * and sees the server's certificate) and the http client routed through it. `destroy` on shutdown.
 */
export function createProbeContext(options: ProbeContextOptions): ProbeContext & { destroy(): void } {
  const guard = createOutboundGuard({ allowCidrs: options.allowCidrs ?? [], keepAlive: false });
  return {
    guard,
    http: probeClient(guard.extend(got), options.certificateAuthority),
    userAgent: options.userAgent,
    now: options.now,
    ...(options.certificateAuthority
      ? { certificateAuthority: options.certificateAuthority, secureContext: createSecureContext({ ca: options.certificateAuthority }) }
      : {}),
    destroy: () => guard.destroy(),
  };
}
