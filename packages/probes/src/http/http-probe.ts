import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Got } from 'got';
import { peerCertificateOf, type CertificateInfo } from '../common/certificate.js';
import { failureDetail, MAX_REDIRECTS, type RequestFailure } from '../common/failure-detail.js';
import { PhaseTimer, type ProbePhases } from '../common/phases.js';
import { requestFailureKind } from '../common/request-failure.js';
import type { HttpConfig } from './http-config.js';
import { credentialsOnlyToOrigin } from './redirect-credentials.js';
import type { ProbeObservation } from './http-judge.js';

/** Response bytes read for the keyword search and JSON conditions; a larger body is not searched further. */
export const MAX_BODY_BYTES = 1_000_000;

export interface HttpProbeOptions {
  /** A got instance routed through the outbound guard (see `probeClient`). */
  client: Got;
  userAgent: string;
}

export interface HttpProbeResult {
  observation: ProbeObservation;
  durationMs: number;
  phases: ProbePhases;
}

/**
 * The probe client, built once: every option that is the same for all probes is set here, so a
 * probe passes only its own few (got merges per-request options one by one, with validation).
 * No retries, no cache, no HTTP errors (the status is judged, not thrown), no decompression unless
 * a probe asks for it (only a keyword or a JSON condition needs the body's text).
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

/** The certificate that expires first (the one a warning is about). */
function soonest(a: CertificateInfo | null, b: CertificateInfo | null): CertificateInfo | null {
  return a && b ? (Date.parse(a.validTo) <= Date.parse(b.validTo) ? a : b) : (a ?? b);
}

/** Whether the probe needs the body's text: a keyword, or a condition on the JSON body. */
function wantsBody(config: HttpConfig): boolean {
  if (config.method === 'HEAD') return false;
  return config.keyword !== null || config.conditions.some((c) => c.type === 'json_body');
}

/**
 * Performs one probe as the check's http_config says and reports what happened, without judging
 * it (`judgeHttp` does that). Never throws.
 *
 * got's stream API rather than its promise API: the promise layer buffers and converts every body
 * and emits progress events, which a probe needs only for a keyword. The body is read to its end
 * either way (the timeout and duration cover the whole response), but kept only when a keyword or
 * a JSON condition needs it, and then at most MAX_BODY_BYTES. Phases come from got's timings of
 * the last request (the final hop of redirects); the total covers every hop.
 */
export function performHttpProbe(config: HttpConfig, opts: HttpProbeOptions): Promise<HttpProbeResult> {
  const timer = new PhaseTimer();
  const wantBody = wantsBody(config);
  const stream = opts.client.stream(config.url, {
    method: config.method,
    headers: { 'user-agent': opts.userAgent, ...config.headers },
    ...(config.basicAuth ? { username: config.basicAuth.username, password: config.basicAuth.password } : {}),
    ...(config.method === 'POST' ? { body: '' } : {}),
    timeout: { request: config.timeoutSec * 1000 },
    followRedirect: config.followRedirects,
    hooks: { beforeRedirect: [credentialsOnlyToOrigin(config)] },
    ...(wantBody ? { decompress: true } : {}),
  });
  return new Promise<HttpProbeResult>((resolve) => {
    // Certificates are read while each hop's socket is alive: every hop (redirects included) is its
    // own ClientRequest, and its raw response arrives with the socket still open.
    let certificate: CertificateInfo | null = null;
    let statusCode: number | null = null;
    let headers: IncomingMessage['headers'] | undefined;
    let settled = false;
    const finish = (observation: ProbeObservation) => {
      if (settled) return;
      settled = true;
      const p = stream.timings?.phases;
      const phases = { ...timer.phases(), dnsMs: p?.dns ?? null, connectMs: p?.tcp ?? null, tlsMs: p?.tls ?? null, firstByteMs: p?.firstByte ?? null };
      resolve({ observation, durationMs: phases.totalMs, phases });
    };
    const response = (body: string | null, bodyMissing?: string): ProbeObservation => ({
      kind: 'response',
      statusCode: statusCode ?? 0,
      body,
      certificateValidTo: certificate ? new Date(certificate.validTo) : null,
      certificate,
      ...(headers ? { headers } : {}),
      ...(bodyMissing ? { bodyMissing } : {}),
    });
    stream.on('request', (req: ClientRequest) =>
      req.once('response', (res: IncomingMessage) => {
        certificate = soonest(certificate, peerCertificateOf(res.socket));
      }),
    );
    stream.once('response', (res: { statusCode: number; headers: IncomingMessage['headers'] }) => {
      statusCode = res.statusCode;
      headers = res.headers;
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      if (!wantBody) return;
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        // Too large to search: judged without a body (the keyword then counts as not found).
        stream.destroy();
        finish(response(null, `larger than ${MAX_BODY_BYTES / 1_000_000} MB`));
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () => finish(response(wantBody ? Buffer.concat(chunks).toString('utf8') : null)));
    stream.once('error', (err: Error & RequestFailure) => finish({ kind: 'failure', failure: requestFailureKind(err.code), detail: failureDetail(err) }));
  });
}
