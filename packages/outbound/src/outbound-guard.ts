import type { Agents, ExtendOptions, Got } from 'got';
import { blockReason, isAddressAllowed, parseAllowList, type AllowList } from './address-policy.js';
import type { Socket } from 'node:net';
import { GuardedHttpAgent, GuardedHttpsAgent } from './guarded-agents.js';
import { createGuardedLookup } from './guarded-lookup.js';
import { connectGuardedSocket, type GuardedSocketOptions } from './guarded-socket.js';

export interface OutboundGuardOptions {
  /** OUTBOUND_ALLOW_CIDRS: CIDRs reachable although private/loopback. */
  allowCidrs?: readonly string[];
  /**
   * Reuse connections (notifier: yes). false (the prober) = fresh connections: no keep-alive and
   * no TLS session resumption, so every probe measures a full connect + handshake and sees the
   * server's certificate.
   */
  keepAlive?: boolean;
  /** Sockets per host (agent maxSockets); default unlimited. */
  maxSockets?: number;
}

export interface OutboundGuard {
  readonly allowList: AllowList;
  /** Agents to hand to got (`agent: guard.agents`) or to node's http(s).request. */
  readonly agents: Required<Pick<Agents, 'http' | 'https'>>;
  /** got options that route every request (redirects included) through the guard. */
  readonly gotOptions: ExtendOptions;
  /** `got.extend(guard.gotOptions)`. */
  extend(got: Got): Got;
  /** A TCP connection checked like the agents' (probes that speak TCP or TLS themselves). */
  connect(options: GuardedSocketOptions): Socket;
  isAllowed(ip: string): boolean;
  blockReason(ip: string): string | null;
  /** Closes idle sockets (on shutdown). */
  destroy(): void;
}

/**
 * The outbound-request guard shared by the prober and the notifier (docs/outbound.md).
 * Every connection made through its agents is checked on the address actually connected to.
 */
export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const allowList = parseAllowList(options.allowCidrs ?? []);
  const agentOptions = { keepAlive: options.keepAlive ?? false, ...(options.maxSockets ? { maxSockets: options.maxSockets } : {}) };
  const agents = {
    http: new GuardedHttpAgent(allowList, agentOptions),
    https: new GuardedHttpsAgent(allowList, { ...agentOptions, ...(agentOptions.keepAlive ? {} : { maxCachedSessions: 0 }) }),
  };
  // http2 stays off: got's http2 path does not use these agents.
  const gotOptions: ExtendOptions = { agent: agents, http2: false, dnsCache: undefined };
  const lookup = createGuardedLookup(allowList);
  return {
    allowList,
    agents,
    gotOptions,
    extend: (got) => got.extend(gotOptions),
    connect: (opts) => connectGuardedSocket(allowList, lookup, opts),
    isAllowed: (ip) => isAddressAllowed(ip, allowList),
    blockReason: (ip) => blockReason(ip, allowList),
    destroy: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
