import { Resolver } from 'node:dns/promises';

const MAX_RESOLVERS = 256;
const pool = new Map<string, Resolver>();

/**
 * A c-ares resolver per (server, timeout), reused across probes (each is a channel with its own
 * sockets). `server` null: the system's resolvers. Two tries within the probe's timeout (c-ares
 * doubles the wait for the second: a third, then two thirds): one lost UDP packet is not an
 * outage (the bench saw ~1 % of queries lost by a busy local server with a single try).
 */
export function resolverFor(server: string | null, timeoutMs: number): Resolver {
  const key = `${server ?? ''}|${timeoutMs}`;
  let resolver = pool.get(key);
  if (!resolver) {
    if (pool.size >= MAX_RESOLVERS) pool.delete(pool.keys().next().value as string);
    resolver = new Resolver({ timeout: Math.max(300, Math.floor(timeoutMs / 3)), tries: 2 });
    if (server) resolver.setServers([server]);
    pool.set(key, resolver);
  }
  return resolver;
}
