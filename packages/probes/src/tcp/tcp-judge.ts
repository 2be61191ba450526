import { explainFailure } from '../common/request-failure.js';
import { failed, judgeRest, printable, type Judgement } from '../common/outcome.js';
import type { TcpConfig } from './tcp-config.js';
import type { TcpObservation } from './tcp-probe.js';

/**
 * Judges a tcp probe: a connection failure (refused, timeout, TLS, blocked…), then the expected
 * text, then the conditions, then (with TLS) a certificate expiring soon (a warning).
 */
export function judgeTcp(config: TcpConfig, obs: TcpObservation, responseTimeMs: number, now: Date): Judgement {
  if (obs.kind === 'failure') return failed(explainFailure(obs.failure, obs.detail, config.timeoutSec));
  const open = `port ${config.port} open${config.tls ? ' (TLS)' : ''}`;
  if (obs.expectFound === false) {
    const got = Buffer.from(obs.received, 'latin1').toString('utf8');
    return failed(`${open}, but "${printable(config.expect ?? '')}" not received (got ${got === '' ? 'nothing' : `"${printable(got)}"`})`);
  }
  const lead = obs.expectFound ? `${open}, "${printable(config.expect ?? '')}" received` : open;
  return judgeRest(lead, config.conditions, { responseTimeMs }, obs.certificate, now, config.tls ? config.sslDaysBefore : null);
}
