import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed operator allow-list (OUTBOUND_ALLOW_CIDRS). */
export interface AllowList {
  readonly cidrs: ReadonlyArray<readonly [Addr, number]>;
}

/**
 * Cloud metadata endpoints (AWS IMDS and ECS/EKS credentials, GCP, Azure, Alibaba, Oracle): refused
 * whatever the allow-list says, also when carried inside an IPv6 address.
 */
const METADATA_HOSTS = new Set(
  ['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254', 'fd00:ec2::23'].map((a) =>
    ipaddr.parse(a).toNormalizedString(),
  ),
);

/** Throws on a malformed CIDR so a bad OUTBOUND_ALLOW_CIDRS stops the service at start. */
export function parseAllowList(cidrs: readonly string[]): AllowList {
  return { cidrs: cidrs.map((c) => ipaddr.parseCIDR(c.trim())) };
}

export const EMPTY_ALLOW_LIST: AllowList = { cidrs: [] };

function inAllowList(addr: Addr, allow: AllowList): boolean {
  return allow.cidrs.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([(hi >> 8) & 0xff, hi & 0xff, (lo >> 8) & 0xff, lo & 0xff]);
const NAT64_LOCAL = ipaddr.IPv6.parse('64:ff9b:1::');

/**
 * The IPv4 address an IPv6 address carries, read from its 16-bit parts (never through
 * `toIPv4Address()`, which throws for every form but ::ffff:a.b.c.d):
 * IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (RFC 6145), IPv4-compatible ::a.b.c.d,
 * NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48 (RFC 6052/8215, last 32 bits), 6to4 2002::/16.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts as number[];
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return v4(p[6] as number, p[7] as number);
    case '6to4':
      return v4(p[1] as number, p[2] as number);
    default:
      // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still route it); :: and ::1 excluded.
      if (p.slice(0, 6).every((x) => x === 0) && !(p[6] === 0 && (p[7] as number) <= 1)) return v4(p[6] as number, p[7] as number);
      return null;
  }
}

/**
 * Every IPv4 address the IPv6 address could lead to, for the metadata test only: besides the
 * embedded one, the other RFC 6052 layout of the local-use NAT64 prefix (/48: bits 48-63 and
 * 72-87) and both of Teredo's (server at bits 32-63, client inverted in the last 32). A metadata
 * address anywhere in there is refused.
 */
function carriedIPv4s(v6: ipaddr.IPv6, embedded: ipaddr.IPv4 | null): ipaddr.IPv4[] {
  const p = v6.parts as number[];
  const out = embedded ? [embedded] : [];
  if (v6.match(NAT64_LOCAL, 48)) out.push(v4(p[3] as number, (((p[4] as number) & 0xff) << 8) | ((p[5] as number) >> 8)));
  if (v6.range() === 'teredo') out.push(v4(p[2] as number, p[3] as number), v4(~(p[6] as number), ~(p[7] as number)));
  return out;
}

function rangeName(addr: Addr): string | null {
  if (addr.kind() === 'ipv4') {
    const r = addr.range();
    return r === 'unicast' ? null : r;
  }
  const v6 = addr as ipaddr.IPv6;
  const r = v6.range();
  if (r !== 'unicast') return r;
  // Only 2000::/3 is allocated global unicast; anything else is reserved.
  return v6.match(ipaddr.IPv6.parse('2000::'), 3) ? null : 'reserved';
}

/**
 * Why outbound traffic to `ip` is refused, or null when it is allowed. In this order:
 *  1. cloud metadata endpoints, also inside an IPv6 form, are refused whatever `allow` says;
 *  2. an address inside an allowed CIDR (OUTBOUND_ALLOW_CIDRS) is allowed;
 *  3. an IPv6 form that carries an IPv4 address is judged by that address (allowed CIDR, or
 *     global unicast);
 *  4. every special-purpose range is refused (loopback, private, unique-local, link-local, CGNAT,
 *     multicast, unspecified, broadcast, reserved, documentation, Teredo…).
 * Never throws: anything it cannot judge is refused, so a strange address in a DNS answer cannot
 * raise an exception inside a socket's lookup callback (which would end the process).
 */
export function blockReason(ip: string, allow: AllowList = EMPTY_ALLOW_LIST): string | null {
  try {
    if (typeof ip !== 'string' || ip.length > 64 || isIP(ip.split('%')[0] ?? '') === 0) return 'not an IP address';
    const addr: Addr = ipaddr.parse(ip);
    const embedded = addr.kind() === 'ipv6' ? embeddedIPv4(addr as ipaddr.IPv6) : null;
    const candidates: Addr[] = addr.kind() === 'ipv6' ? [addr, ...carriedIPv4s(addr as ipaddr.IPv6, embedded)] : [addr];
    if (candidates.some((a) => METADATA_HOSTS.has(a.toNormalizedString()))) return 'cloud metadata';
    if (inAllowList(addr, allow)) return null;
    const judged = embedded ?? addr;
    if (embedded && inAllowList(embedded, allow)) return null;
    return rangeName(judged);
  } catch {
    return 'unrecognised address';
  }
}

/** True when outbound traffic may go to `ip` (see `blockReason`). */
export function isAddressAllowed(ip: string, allow: AllowList = EMPTY_ALLOW_LIST): boolean {
  return blockReason(ip, allow) === null;
}
