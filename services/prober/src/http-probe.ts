import { performance } from 'node:perf_hooks';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { requestFailureKind, type HttpConfig, type ProbeObservation } from '@upmon/core';
import type { Got } from 'got';
import { failureDetail, MAX_REDIRECTS, type RequestFailure } from './failure-detail.js';
/** Response bytes read for the keyword search; a larger body is not searched further. */
export const MAX_BODY_BYTES = 1_000_000;

export interface HttpProbeOptions {
  /** A got instance routed through the outbound guard (see `probeClient`). */
  client: Got;
  userAgent: string;
}

export interface HttpProbeResult {
  observation: ProbeObservation;
  durationMs: number;
}

/**
 * The probe client, built once: every option that is the same for all probes is set here, so a
 * probe passes only its own few (got merges per-request options one by one, with validation).
 * No retries, no cache, no HTTP errors (the status is judged, not thrown), no decompression unless
 * a probe asks for it (only a keyword needs the body's text).
 */
export function probeClient(guarded: Got, certificateAuthority?: string | string[]): Got {
  // certificateAuthority: extra trusted CAs (tests; operators use NODE_EXTRA_CA_CERTS).
  return guarded.extend({
    retry: { limit: 0 },
    throwHttpErrors: false,
    cache: false,
    decompress: false,
    maxRedirects: MAX_REDIRECTS,
    ...(certificateAuthority ? { https: { certificateAuthority } } : {}),
  });
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

/**
 * Performs one probe as the check's http_config says and reports what happened, without judging
 * it (`classifyProbe` in @upmon/core does that). Never throws.
 *
 * got's stream API rather than its promise API: the promise layer buffers and converts every body
 * and emits progress events, which a probe needs only for a keyword. The body is read to its end
 * either way (the timeout and duration cover the whole response), but kept only when a keyword is
 * configured, and then at most MAX_BODY_BYTES.
 */
export function performHttpProbe(config: HttpConfig, opts: HttpProbeOptions): Promise<HttpProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const wantBody = config.keyword !== null && config.method !== 'HEAD';
  const stream = opts.client.stream(config.url, {
    method: config.method,
    headers: { 'user-agent': opts.userAgent, ...config.headers },
    ...(config.basicAuth ? { username: config.basicAuth.username, password: config.basicAuth.password } : {}),
    ...(config.method === 'POST' ? { body: '' } : {}),
    timeout: { request: config.timeoutSec * 1000 },
    followRedirect: config.followRedirects,
    ...(wantBody ? { decompress: true } : {}),
  });
  return new Promise<HttpProbeResult>((resolve) => {
    // Certificates are read while each hop's socket is alive: every hop (redirects included) is its
    // own ClientRequest, and its raw response arrives with the socket still open.
    let validTo: Date | null = null;
    let statusCode: number | null = null;
    let settled = false;
    const finish = (observation: ProbeObservation) => {
      if (settled) return;
      settled = true;
      resolve({ observation, durationMs: elapsed() });
    };
    stream.on('request', (req: ClientRequest) =>
      req.once('response', (res: IncomingMessage) => {
        validTo = soonest(validTo, certificateValidTo(res));
      }),
    );
    stream.once('response', (res: { statusCode: number }) => {
      statusCode = res.statusCode;
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      if (!wantBody) return;
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        // Too large to search: judged without a body (the keyword then counts as not found).
        stream.destroy();
        finish({ kind: 'response', statusCode: statusCode ?? 0, body: null, certificateValidTo: validTo });
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () =>
      finish({
        kind: 'response',
        statusCode: statusCode ?? 0,
        body: wantBody ? Buffer.concat(chunks).toString('utf8') : null,
        certificateValidTo: validTo,
      }),
    );
    stream.once('error', (err: Error & RequestFailure) => finish({ kind: 'failure', failure: requestFailureKind(err.code), detail: failureDetail(err) }));
  });
}
