import type { TargetFact } from '../probe-kind.js';
import type { DnsConfig } from './dns-config.js';

export function dnsTargetFacts(c: DnsConfig): TargetFact[] {
  const facts: TargetFact[] = [
    { label: 'Name', value: c.name },
    { label: 'Record type', value: c.recordType },
  ];
  if (c.expected.length) facts.push({ label: c.match === 'all' ? 'Expected (all of)' : 'Expected (any of)', value: c.expected.join(', ') });
  if (c.resolver !== null) facts.push({ label: 'Resolver', value: c.resolver });
  return facts;
}
