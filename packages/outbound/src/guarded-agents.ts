import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { blockReason, type AllowList } from './address-policy.js';
import { createGuardedLookup, type LookupFunction } from './guarded-lookup.js';
import { OutboundBlockedError } from './outbound-blocked-error.js';

type ConnectionOptions = http.ClientRequestArgs & { host?: string | null; lookup?: unknown };
type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

/**
 * Three layers, each enough on its own for its case: a literal IP host is checked before any
 * packet is sent; a name goes through the guarded lookup; and whatever the socket actually
 * connected to is checked again on 'connect' (before the request is written), which also covers
 * any lookup path we did not foresee.
 */
export function guardConnection(
  allow: AllowList,
  lookup: LookupFunction,
  create: (options: ConnectionOptions, cb?: ConnectionCallback) => Duplex | null | undefined,
  options: ConnectionOptions,
  cb?: ConnectionCallback,
): Duplex | null | undefined {
  const host = (options.host ?? options.hostname ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    const reason = blockReason(host, allow);
    if (reason) {
      const err = new OutboundBlockedError(host, reason);
      if (cb) {
        process.nextTick(() => cb(err, undefined as unknown as Duplex));
        return undefined;
      }
      throw err;
    }
  }
  // The agent builds a fresh options object for every socket, so it can carry our lookup as is
  // (a copy of its ~40 fields per connection showed in the prober's profile).
  options.lookup = lookup;
  const socket = create(options, cb) as Socket | null | undefined;
  // prependListener: runs before net.Socket flushes writes queued while connecting.
  socket?.prependOnceListener('connect', () => {
    const remote = socket.remoteAddress;
    const reason = remote ? blockReason(remote, allow) : 'unknown';
    if (reason) socket.destroy(new OutboundBlockedError(remote ?? host, reason, host));
  });
  return socket;
}

export class GuardedHttpAgent extends http.Agent {
  private readonly lookup: LookupFunction;

  constructor(
    private readonly allow: AllowList,
    options?: http.AgentOptions,
  ) {
    super(options);
    this.lookup = createGuardedLookup(allow);
  }

  override createConnection(options: ConnectionOptions, cb?: ConnectionCallback) {
    return guardConnection(this.allow, this.lookup, (o, c) => super.createConnection(o, c), options, cb);
  }
}

export class GuardedHttpsAgent extends https.Agent {
  private readonly lookup: LookupFunction;

  constructor(
    private readonly allow: AllowList,
    options?: https.AgentOptions,
  ) {
    super(options);
    this.lookup = createGuardedLookup(allow);
  }

  override createConnection(options: ConnectionOptions, cb?: ConnectionCallback) {
    return guardConnection(this.allow, this.lookup, (o, c) => super.createConnection(o, c), options, cb);
  }
}
