import ipaddr from 'ipaddr.js';

/**
 * The name a client address's rate-limit budgets go by: an IPv4 address, or an IPv6 address's
 * /64 (one subscriber usually holds a whole /64, so counting single addresses there would count
 * nothing). No address: `unknown`.
 */
export function clientBudgetName(address: string | null): string {
  if (!address) return 'unknown';
  try {
    const addr = ipaddr.process(address);
    if (addr.kind() === 'ipv4') return addr.toString();
    const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
    return `${parts.join(':')}::/64`;
  } catch {
    return 'unknown';
  }
}
