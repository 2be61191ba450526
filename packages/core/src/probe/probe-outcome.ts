import { matchesExpectedCode } from './expected-codes.js';
import type { HttpConfig } from './http-config.js';

/** Why a request produced no usable response (see `requestFailureKind`). */
export type RequestFailureKind = 'dns' | 'refused' | 'timeout' | 'tls' | 'blocked' | 'reset' | 'redirects' | 'other';

/** What the prober saw, free of I/O objects. */
export type ProbeObservation =
  | { kind: 'failure'; failure: RequestFailureKind; detail: string }
  | {
      kind: 'response';
      statusCode: number;
      /** Response text (null when not read, e.g. HEAD or over the size limit). */
      body: string | null;
      /** Soonest notAfter of the TLS certificates seen on the way (null for plain http). */
      certificateValidTo: Date | null;
    };

/** What the prober records: `ok`/`warning` drive the state machine, `explanation` is the ping body. */
export interface ProbeOutcome {
  ok: boolean;
  warning: boolean;
  explanation: string;
}

const DAY_MS = 86_400_000;

function explainFailure(kind: RequestFailureKind, detail: string, timeoutSec: number): string {
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

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Judges one probe against the check's http_config at `now`. Order: transport failure, status
 * code, keyword, then certificate expiry (a warning only when everything else passed; an expired
 * certificate that still got through is a failure).
 */
export function classifyProbe(config: HttpConfig, obs: ProbeObservation, now: Date): ProbeOutcome {
  if (obs.kind === 'failure') return { ok: false, warning: false, explanation: explainFailure(obs.failure, obs.detail, config.timeoutSec) };

  if (!matchesExpectedCode(obs.statusCode, config.expectedCodes)) {
    return { ok: false, warning: false, explanation: `HTTP ${obs.statusCode} (expected ${config.expectedCodes.join(',')})` };
  }
  if (config.keyword !== null) {
    const found = obs.body !== null && obs.body.includes(config.keyword);
    if (obs.body === null && !config.keywordAbsent) {
      return { ok: false, warning: false, explanation: `keyword "${config.keyword}" not found (no body read)` };
    }
    if (found && config.keywordAbsent) return { ok: false, warning: false, explanation: `keyword "${config.keyword}" found` };
    if (!found && !config.keywordAbsent) return { ok: false, warning: false, explanation: `keyword "${config.keyword}" not found` };
  }
  if (obs.certificateValidTo) {
    const leftMs = obs.certificateValidTo.getTime() - now.getTime();
    if (leftMs <= 0) {
      return { ok: false, warning: false, explanation: `TLS error: certificate expired ${isoDate(obs.certificateValidTo)}` };
    }
    if (leftMs <= config.sslDaysBefore * DAY_MS) {
      const days = Math.floor(leftMs / DAY_MS);
      return {
        ok: true,
        warning: true,
        explanation: `HTTP ${obs.statusCode}, certificate expires ${isoDate(obs.certificateValidTo)} (in ${days} day${days === 1 ? '' : 's'})`,
      };
    }
  }
  return { ok: true, warning: false, explanation: `HTTP ${obs.statusCode}` };
}

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;

/**
 * Maps a request error's code (node/got, e.g. ENOTFOUND, ECONNREFUSED, ETIMEDOUT,
 * CERT_HAS_EXPIRED, EOUTBOUNDBLOCKED, ERR_TOO_MANY_REDIRECTS) to a failure kind.
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
