import type { OutboundGuard } from '@upmon/outbound';
import ipaddr from 'ipaddr.js';
import type { RecordType } from './dns-config.js';
import type { DnsRecord } from './dns-records.js';

/**
 * Suffixes of names that exist only inside a private network (RFC 6761/6762/8375 special-use
 * names and the common private zones): an answer naming one tells what the operator's network
 * holds, not what the Internet sees.
 */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'home.arpa', 'corp', 'private'];

/** An address inside every private range the guard refuses, to ask whether this prober keeps the private network out. */
const PRIVATE_PROBE_ADDRESS = '10.0.0.1';

/**
 * Whether this prober keeps the private network out (a public location's guard), rather than
 * probing it (a private location's prober allows every address: its network is the customer's).
 */
export function guardsPrivateNetwork(guard: Pick<OutboundGuard, 'blockReason'>): boolean {
  return guard.blockReason(PRIVATE_PROBE_ADDRESS) !== null;
}

/** A name (lower-case, without the final dot) that only a private network resolves: one label, a private suffix, or an address the guard refuses. */
export function isNonPublicName(name: string, guard: Pick<OutboundGuard, 'blockReason'>): boolean {
  if (ipaddr.isValid(name)) return guard.blockReason(name) !== null;
  if (!name.includes('.')) return true;
  return PRIVATE_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`));
}

/**
 * The rule for every record type (docs/probe-checks.md, "DNS: what a public prober does not show"):
 * A/AAAA whose address the guard refuses; CNAME, NS, MX, SRV and SOA naming a non-public name (on a
 * prober that keeps the private network out). TXT and CAA hold text, not names: they are hidden
 * with the whole answer when the question itself is about a non-public name (see dns-probe.ts).
 */
export function isNonPublicRecord(type: RecordType, record: DnsRecord, guard: Pick<OutboundGuard, 'blockReason'>): boolean {
  switch (type) {
    case 'A':
    case 'AAAA':
      return guard.blockReason(record.value) !== null;
    case 'CNAME':
    case 'NS':
    case 'MX':
    case 'SRV':
      return guardsPrivateNetwork(guard) && isNonPublicName(record.value, guard);
    case 'SOA': {
      // The primary server and the hostmaster's mailbox (a name too).
      const [primary = '', hostmaster = ''] = record.text.split(' ');
      return guardsPrivateNetwork(guard) && (isNonPublicName(primary, guard) || isNonPublicName(hostmaster, guard));
    }
    case 'TXT':
    case 'CAA':
      return false;
  }
}
