import { performance } from 'node:perf_hooks';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { requestFailureKind, type HttpConfig, type ProbeObservation } from '@upmon/core';
import type { Got } from 'got';

/** Redirect hops followed before a probe fails (browsers allow ~20; monitoring needs far fewer). */
export const MAX_REDIRECTS = 5;
/** Response bytes read for the keyword search; a larger body is not searched further. */
export const MAX_BODY_BYTES = 1_000_000;

export interface HttpProbeOptions {
  /** A got instance routed through the outbound guard. */
  client: Got;
  userAgent: string;
  /** Extra trusted CA certificates (PEM); production relies on the system store. */
  certificateAuthority?: string | string[];
}

export interface HttpProbeResult {
  observation: ProbeObservation;
  durationMs: number;
}

function soonest(a: Date | null, b: Date | null): Date | null {
  return a && b ? (a < b ? a : b) : (a ?? b);
}

function certificateValidTo(res: { socket?: unknown } | undefined): Date | null {
  const socket = res?.socket as Partial<TLSSocket> | null | undefined;
  if (!socket || typeof socket.getPeerCertificate !== 'function') return null;
  const cert = socket.getPeerCertificate();
  if (!cert || !cert.valid_to) return null;
  const d = new Date(cert.valid_to);
  return Number.isNaN(d.getTime()) ? null : d;
}

function failureDetail(code: string | undefined, message: string): string {
  if (code === 'ERR_TOO_MANY_REDIRECTS') return `too many redirects (more than ${MAX_REDIRECTS})`;
  return message.replace(/^getaddrinfo /, '').slice(0, 300);
}

/**
 * Performs one probe as the check's http_config says and reports what happened, without judging
 * it (`classifyProbe` in @upmon/core does that). Never throws.
 */
export async function performHttpProbe(config: HttpConfig, opts: HttpProbeOptions): Promise<HttpProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Certificates are read while each hop's socket is alive: on every redirect and on the response.
  let validTo: Date | null = null;
  let truncated = false;
  const request = opts.client(config.url, {
    method: config.method,
    headers: { 'user-agent': opts.userAgent, ...config.headers },
    ...(config.basicAuth ? { username: config.basicAuth.username, password: config.basicAuth.password } : {}),
    ...(config.method === 'POST' ? { body: '' } : {}),
    timeout: { request: config.timeoutSec * 1000 },
    retry: { limit: 0 },
    throwHttpErrors: false,
    followRedirect: config.followRedirects,
    maxRedirects: MAX_REDIRECTS,
    cache: false,
    ...(opts.certificateAuthority ? { https: { certificateAuthority: opts.certificateAuthority } } : {}),
  });
  // Every hop (redirects included) is its own ClientRequest; its raw response arrives with the
  // socket still open, so the certificate can be read there.
  let statusCode: number | null = null;
  request.on('request', (req: ClientRequest) =>
    req.once('response', (res: IncomingMessage) => {
      statusCode = res.statusCode ?? null;
      validTo = soonest(validTo, certificateValidTo(res));
    }),
  );
  request.on('downloadProgress', (p: { transferred: number }) => {
    if (p.transferred > MAX_BODY_BYTES && !truncated) {
      truncated = true;
      request.cancel();
    }
  });
  try {
    const res = await request;
    return {
      observation: { kind: 'response', statusCode: res.statusCode, body: config.method === 'HEAD' ? null : String(res.body), certificateValidTo: validTo },
      durationMs: elapsed(),
    };
  } catch (err) {
    const durationMs = elapsed();
    if (truncated && statusCode !== null) {
      return { observation: { kind: 'response', statusCode, body: null, certificateValidTo: validTo }, durationMs };
    }
    const e = err as { code?: string; message?: string };
    return {
      observation: { kind: 'failure', failure: requestFailureKind(e.code), detail: failureDetail(e.code, e.message ?? String(err)) },
      durationMs,
    };
  }
}
