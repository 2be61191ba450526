import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed operator allow-list (OUTBOUND_ALLOW_CIDRS). */
export interface AllowList {
  readonly cidrs: ReadonlyArray<readonly [Addr, number]>;
}

/** Cloud metadata endpoints: blocked even inside an allowed CIDR unless listed as an exact host. */
const METADATA_HOSTS = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'].map((a) =>
  ipaddr.parse(a).toNormalizedString(),
);

/** Throws on a malformed CIDR so a bad OUTBOUND_ALLOW_CIDRS stops the service at start. */
export function parseAllowList(cidrs: readonly string[]): AllowList {
  return { cidrs: cidrs.map((c) => ipaddr.parseCIDR(c.trim())) };
}

export const EMPTY_ALLOW_LIST: AllowList = { cidrs: [] };

function inAllowList(addr: Addr, allow: AllowList, exactOnly: boolean): boolean {
  return allow.cidrs.some(([net, bits]) => {
    if (net.kind() !== addr.kind()) return false;
    if (exactOnly && bits !== (addr.kind() === 'ipv4' ? 32 : 128)) return false;
    return addr.match(net, bits);
  });
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return v6.toIPv4Address();
  if (range === 'rfc6052') return v4(p[6] as number, p[7] as number);
  if (range === '6to4') return v4(p[1] as number, p[2] as number);
  // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still route it); :: and ::1 excluded.
  if (p.slice(0, 6).every((x) => x === 0) && !(p[6] === 0 && (p[7] as number) <= 1)) return v4(p[6] as number, p[7] as number);
  return null;
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
 * Why outbound traffic to `ip` is refused, or null when it is allowed. Refused by default: every
 * special-purpose range (loopback, private, unique-local, link-local, CGNAT, multicast, unspecified,
 * broadcast, reserved, documentation…), IPv6 forms that embed such an IPv4 address, and cloud
 * metadata endpoints. `allow` re-opens CIDRs for internal monitoring; metadata endpoints stay shut
 * unless the allow-list names them exactly (/32 or /128), so allowing 169.254.0.0/16 does not open
 * 169.254.169.254 by accident.
 */
export function blockReason(ip: string, allow: AllowList = EMPTY_ALLOW_LIST): string | null {
  if (isIP(ip.split('%')[0] ?? '') === 0) return 'not an IP address';
  let addr: Addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const inner = embeddedIPv4(addr as ipaddr.IPv6);
    if (inner) {
      if (inAllowList(addr, allow, false)) return null;
      addr = inner;
    }
  }
  const normalized = addr.toNormalizedString();
  if (METADATA_HOSTS.includes(normalized)) return inAllowList(addr, allow, true) ? null : 'cloud metadata';
  const range = rangeName(addr);
  if (range === null) return null;
  return inAllowList(addr, allow, false) ? null : range;
}

/** True when outbound traffic may go to `ip` (see `blockReason`). */
export function isAddressAllowed(ip: string, allow: AllowList = EMPTY_ALLOW_LIST): boolean {
  return blockReason(ip, allow) === null;
}
