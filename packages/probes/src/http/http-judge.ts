import { certificateDaysLeft, isoDate, type CertificateInfo } from '../common/certificate.js';
import { explainFailure, type RequestFailureKind } from '../common/request-failure.js';
import { evaluateConditions, failuresInWords } from '../conditions/evaluate-conditions.js';
import { matchesExpectedCode } from './expected-codes.js';
import type { HttpConfig } from './http-config.js';

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
      /** The final response's headers (for header conditions). */
      headers?: Record<string, string | string[] | undefined>;
      /** Why `body` is null although it was wanted (e.g. larger than the limit). */
      bodyMissing?: string;
      /** The certificate that expires soonest (its details for the check page). */
      certificate?: CertificateInfo | null;
    };

/** What the prober records: `ok`/`warning` drive the state machine, `explanation` is the ping body. */
export interface ProbeOutcome {
  ok: boolean;
  warning: boolean;
  explanation: string;
}

const DAY_MS = 86_400_000;

/**
 * Judges one probe against the check's http_config at `now`. Order: transport failure, status
 * code, keyword, then certificate expiry (a warning only when everything else passed; an expired
 * certificate that still got through is a failure). Conditions are judged on top (`judgeHttp`).
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

/**
 * `classifyProbe`, then the check's conditions, every one evaluated on every response (a probe
 * that got no response has nothing to evaluate: the transport failure is the reason). A failed
 * condition fails the probe and is named after the status: `HTTP 200; condition failed: …`.
 */
export function judgeHttp(config: HttpConfig, obs: ProbeObservation, now: Date, responseTimeMs: number): ProbeOutcome & { failedConditions: string[] } {
  const base = classifyProbe(config, obs, now);
  if (obs.kind === 'failure' || config.conditions.length === 0) return { ...base, failedConditions: [] };
  const failures = evaluateConditions(config.conditions, {
    statusCode: obs.statusCode,
    body: obs.body,
    ...(obs.bodyMissing ? { bodyMissing: obs.bodyMissing } : {}),
    headers: obs.headers ?? null,
    responseTimeMs,
    certificateDaysLeft: obs.certificateValidTo ? certificateDaysLeft({ validTo: obs.certificateValidTo.toISOString() }, now) : null,
  });
  if (failures.length === 0) return { ...base, failedConditions: [] };
  const lead = base.ok ? `HTTP ${obs.statusCode}` : base.explanation;
  return { ok: false, warning: false, explanation: `${lead}; ${failuresInWords(failures)}`, failedConditions: failures.map((f) => f.text) };
}
