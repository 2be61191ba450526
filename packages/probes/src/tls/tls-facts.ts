import { hostPort } from '../common/host-port.js';
import type { TargetFact } from '../probe-kind.js';
import type { TlsConfig } from './tls-config.js';

export function tlsTargetFacts(c: TlsConfig): TargetFact[] {
  const facts: TargetFact[] = [{ label: 'Host and port', value: hostPort(c.host, c.port) }];
  if (c.sni !== null) facts.push({ label: 'Server name (SNI)', value: c.sni });
  facts.push({ label: 'Fails when expiring within', value: `${c.daysBeforeExpiry} days` });
  return facts;
}
