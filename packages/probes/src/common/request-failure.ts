/** Why a probe got no usable answer (see `requestFailureKind`). */
export type RequestFailureKind = 'dns' | 'refused' | 'timeout' | 'tls' | 'blocked' | 'reset' | 'redirects' | 'other';

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/**
 * Maps an error's code (node/got, e.g. ENOTFOUND, ECONNREFUSED, ETIMEDOUT, CERT_HAS_EXPIRED,
 * EOUTBOUNDBLOCKED, ERR_TOO_MANY_REDIRECTS) to a failure kind.
 */
export function requestFailureKind(code: string | undefined): RequestFailureKind {
  if (!code) return 'other';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'ESERVFAIL') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (code === 'EOUTBOUNDBLOCKED') return 'blocked';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'reset';
  if (code === 'ERR_TOO_MANY_REDIRECTS') return 'redirects';
  if (TLS_CODES.test(code) || code.includes('CERT')) return 'tls';
  return 'other';
}

/** The words for a failure, as the ping body and the alert show them. */
export function explainFailure(kind: RequestFailureKind, detail: string, timeoutSec: number): string {
  switch (kind) {
    case 'timeout':
      return `timeout after ${timeoutSec} s`;
    case 'refused':
      return 'connection refused';
    case 'dns':
      return `DNS error: ${detail}`;
    case 'tls':
      return `TLS error: ${detail}`;
    case 'blocked':
      return detail;
    case 'reset':
      return 'connection reset';
    case 'redirects':
      return detail;
    case 'other':
      return `request failed: ${detail}`;
  }
}
