import net from 'node:net';

/** (socket peer, X-Forwarded-For header) → the client's address, or null without a peer. */
export type ClientAddressResolver = (remote: string | undefined, xff: string | string[] | undefined) => string | null;

/** Hops looked at, from the right: no real chain of proxies is longer. */
const MAX_HOPS = 16;
/** Longest textual IP address (IPv4-mapped IPv6 with a zone would be longer; not a client). */
const MAX_ADDRESS_LENGTH = 45;
/** Longest hop: an address with brackets and a port. */
const MAX_HOP_LENGTH = MAX_ADDRESS_LENGTH + 8;

/**
 * The client's address: the socket's peer, unless the peer is a trusted proxy (TRUSTED_PROXIES).
 * Then X-Forwarded-For is read from the right, the end our own proxies write: each trusted proxy
 * appends the address it received the request from, so the rightmost hop that is not itself a
 * trusted proxy is the first address nobody we trust can vouch past, i.e. the client. Hops to its
 * left were written by the client and may be anything (the old rule, "first hop", let any client
 * behind a proxy choose its address). A malformed hop stops the walk at the last address vouched for.
 */
export function createClientAddressResolver(trustedCidrs: string[]): ClientAddressResolver {
  const trusted = new net.BlockList();
  for (const cidr of trustedCidrs) {
    const [addr, bits] = cidr.split('/');
    trusted.addSubnet(addr as string, Number(bits), net.isIPv6(addr as string) ? 'ipv6' : 'ipv4');
  }
  const isTrusted = (ip: string) => trustedCidrs.length > 0 && trusted.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
  return (remote, xff) => {
    const peer = normalize(remote);
    if (!peer || xff === undefined || !isTrusted(peer)) return peer;
    const header = Array.isArray(xff) ? xff.join(',') : xff;
    // Only the last hops matter: a long header is cut from the left before it is split.
    const hops = header.slice(-MAX_HOPS * (MAX_HOP_LENGTH + 2)).split(',');
    let vouched = peer;
    for (let i = hops.length - 1; i >= Math.max(0, hops.length - MAX_HOPS); i--) {
      const hop = normalize((hops[i] as string).trim());
      if (!hop || net.isIP(hop) === 0) return vouched;
      if (!isTrusted(hop)) return hop;
      vouched = hop;
    }
    return vouched;
  };
}

/**
 * IPv4-mapped IPv6 (::ffff:1.2.3.4) is reported as plain IPv4; a port some proxies append
 * (`1.2.3.4:1234`, Azure App Service; `[2001:db8::1]:443`) is dropped, as Healthchecks does;
 * anything too long is no address.
 */
function normalize(ip: string | undefined): string | null {
  if (!ip || ip.length > MAX_HOP_LENGTH) return null;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(ip) ?? /^\[([0-9a-f:.]+)\]:(\d{1,5})$/i.exec(ip);
  if (withPort && Number(withPort[2]) > 65_535) return null;
  const addr = withPort ? (withPort[1] as string) : ip;
  if (addr.length > MAX_ADDRESS_LENGTH) return null;
  const m = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(addr);
  return m ? (m[1] as string) : addr;
}
