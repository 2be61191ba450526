import net from 'node:net';

/**
 * The pinger's address: the socket's peer, or the first X-Forwarded-For hop when (and only when)
 * the peer is one of the configured trusted proxies, so a client cannot forge its address.
 */
export function createSourceIpResolver(trustedCidrs: string[]): (remote: string | undefined, xff: string | string[] | undefined) => string | null {
  const trusted = new net.BlockList();
  for (const cidr of trustedCidrs) {
    const [addr, bits] = cidr.split('/');
    const type = net.isIPv6(addr as string) ? 'ipv6' : 'ipv4';
    trusted.addSubnet(addr as string, Number(bits), type);
  }
  const isTrusted = (ip: string) => trustedCidrs.length > 0 && trusted.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
  return (remote, xff) => {
    const peer = normalize(remote);
    if (!peer) return null;
    if (xff === undefined || !isTrusted(peer)) return peer;
    const header = Array.isArray(xff) ? xff[0] : xff;
    const first = normalize(header?.split(',')[0]?.trim());
    return first && net.isIP(first) ? first : peer;
  };
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) is reported as plain IPv4. */
function normalize(ip: string | undefined): string | null {
  if (!ip) return null;
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? (m[1] as string) : ip;
}
