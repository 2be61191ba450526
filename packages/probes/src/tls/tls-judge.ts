import { certificateDaysLeft, isoDate } from '../common/certificate.js';
import { failed, judgeRest, type Judgement } from '../common/outcome.js';
import { explainFailure } from '../common/request-failure.js';
import type { TlsConfig } from './tls-config.js';
import type { TlsObservation } from './tls-probe.js';

/**
 * Judges a tls probe: a failed connection or handshake, an invalid chain or a name mismatch
 * (TLS errors), then a certificate expiring within `days_before_expiry` (a failure, unlike
 * https' warning: watching the certificate is this check's whole job), then the conditions.
 */
export function judgeTls(config: TlsConfig, obs: TlsObservation, responseTimeMs: number, now: Date): Judgement {
  if (obs.kind === 'failure') return failed(explainFailure(obs.failure, obs.detail, config.timeoutSec));
  const cert = obs.certificate;
  if (!cert) return failed('TLS error: the server sent no certificate');
  const days = certificateDaysLeft(cert, now);
  const expires = `expires ${isoDate(cert.validTo)} (in ${days} day${days === 1 ? '' : 's'})`;
  if (Date.parse(cert.validTo) - now.getTime() <= config.daysBeforeExpiry * 86_400_000) {
    return failed(`certificate ${expires}, within the ${config.daysBeforeExpiry} days allowed`);
  }
  const lead = `certificate valid, ${expires}: ${cert.subject || 'no subject'}, issued by ${cert.issuer || 'no issuer'}`;
  return judgeRest(lead, config.conditions, { responseTimeMs }, cert, now, null);
}
