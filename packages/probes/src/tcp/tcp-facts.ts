import { hostPort } from '../common/host-port.js';
import type { TargetFact } from '../probe-kind.js';
import type { TcpConfig } from './tcp-config.js';

export function tcpTargetFacts(c: TcpConfig): TargetFact[] {
  const facts: TargetFact[] = [{ label: 'Host and port', value: hostPort(c.host, c.port) + (c.tls ? ' (TLS)' : '') }];
  if (c.expect !== null) facts.push({ label: 'Expected reply', value: c.expect });
  facts.push({ label: 'Timeout', value: `${c.timeoutSec} s` });
  return facts;
}
