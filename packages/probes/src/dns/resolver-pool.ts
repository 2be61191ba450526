import { Resolver } from 'node:dns/promises';

const MAX_RESOLVERS = 256;
const pool = new Map<string, Resolver>();

/**
 * A c-ares resolver per (server, timeout), reused across probes (each is a channel with its own
 * sockets). `server` null: the system's resolvers. One try: a retry would stretch the probe past
 * its timeout, and confirmations already absorb a lost packet.
 */
export function resolverFor(server: string | null, timeoutMs: number): Resolver {
  const key = `${server ?? ''}|${timeoutMs}`;
  let resolver = pool.get(key);
  if (!resolver) {
    if (pool.size >= MAX_RESOLVERS) pool.delete(pool.keys().next().value as string);
    resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (server) resolver.setServers([server]);
    pool.set(key, resolver);
  }
  return resolver;
}
