import dns, { type LookupAddress } from 'node:dns';
import { isIPv6 } from 'node:net';

/**
 * Preload for service processes under test (`node --import …/stub-dns.js`, see `stubDns()`): the
 * names in UPMON_TEST_DNS (JSON `{name: [address, …]}`) resolve to those addresses, exactly as a
 * DNS server answering with them would; every other name resolves normally. Tests use it to feed
 * a service addresses no real resolver here would return.
 */
const table = JSON.parse(process.env.UPMON_TEST_DNS ?? '{}') as Record<string, string[]>;
const realLookup = dns.lookup;

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function stubLookup(hostname: string, options: unknown, callback?: Callback): void {
  const cb = (typeof options === 'function' ? options : callback) as Callback;
  const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
  const answer = table[hostname.toLowerCase()];
  if (!answer) {
    (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    return;
  }
  const list = answer.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  process.nextTick(() => (opts.all ? cb(null, list) : cb(null, list[0]?.address ?? '', list[0]?.family)));
}

dns.lookup = stubLookup as typeof dns.lookup;
