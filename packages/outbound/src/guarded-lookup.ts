import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { blockReason, type AllowList } from './address-policy.js';
import { OutboundBlockedError } from './outbound-blocked-error.js';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type LookupFunction = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

type Answer = { err: NodeJS.ErrnoException } | { addresses: LookupAddress[] };

/** The resolved addresses the policy allows, or the refusal. Never throws. */
function judge(hostname: string, list: LookupAddress[], allow: AllowList): Answer {
  try {
    const allowed = list.filter((a) => blockReason(a.address, allow) === null);
    if (allowed.length > 0) return { addresses: allowed };
    const first = list[0];
    const reason = first ? (blockReason(first.address, allow) ?? 'unknown') : 'no address';
    return { err: new OutboundBlockedError(first?.address ?? hostname, reason, hostname) };
  } catch {
    // A malformed answer from a custom resolver: refused, never thrown inside the DNS callback.
    return { err: new OutboundBlockedError(hostname, 'unrecognised address', hostname) };
  }
}

/**
 * A `lookup` for sockets that drops resolved addresses the policy refuses and fails with
 * OutboundBlockedError when none is left, so a name resolving to 127.0.0.1 (or rebinding to it
 * between two lookups) never gets a connection. It never throws: an exception inside a lookup
 * callback is uncaught and would end the process.
 */
export function createGuardedLookup(allow: AllowList, resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    const opts: LookupOptions = typeof options === 'object' && options !== null ? options : { family: options as number };
    resolve(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, opts.all ? [] : '');
      const answer = judge(hostname, Array.isArray(addresses) ? addresses : [], allow);
      if ('err' in answer) return callback(answer.err, opts.all ? [] : '');
      if (opts.all) return callback(null, answer.addresses);
      const first = answer.addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
