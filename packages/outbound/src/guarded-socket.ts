import net from 'node:net';
import type { AllowList } from './address-policy.js';
import { guardConnection } from './guarded-agents.js';
import type { LookupFunction } from './guarded-lookup.js';

export interface GuardedSocketOptions {
  host: string;
  port: number;
}

/**
 * A plain TCP connection through the same three checks as the guarded http(s) agents (literal IP
 * before any packet, guarded lookup, the connected address on 'connect'), for probes that speak
 * TCP or TLS themselves. A refusal is emitted as the socket's 'error' (an OutboundBlockedError),
 * never thrown, so callers handle every failure in one place. The guard destroys a refused socket
 * from a 'connect' listener that runs first: other 'connect' listeners of that same event still
 * run, so they must check `socket.destroyed` before writing or starting TLS.
 */
export function connectGuardedSocket(allow: AllowList, lookup: LookupFunction, options: GuardedSocketOptions): net.Socket {
  try {
    const socket = guardConnection(allow, lookup, (o) => net.createConnection(o as net.NetConnectOpts), { host: options.host, port: options.port });
    return socket as net.Socket;
  } catch (err) {
    const socket = new net.Socket();
    process.nextTick(() => socket.destroy(err as Error));
    return socket;
  }
}
