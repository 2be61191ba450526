import { isIP } from 'node:net';

export interface ResolverAddress {
  ip: string;
  port: number;
  /** As c-ares takes it: `ip`, `ip:port`, `[ipv6]:port`. */
  server: string;
}

/**
 * Parses a resolver given as `192.0.2.53`, `192.0.2.53:5353`, `2001:db8::53` or
 * `[2001:db8::53]:5353` (an address, never a name: the guard judges the address queried).
 */
export function parseResolverAddress(text: string): ResolverAddress | null {
  if (text.length > 60) return null;
  let ip = text;
  let port = 53;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const v4WithPort = /^([\d.]+):(\d{1,5})$/.exec(text);
  if (bracketed) {
    ip = bracketed[1] as string;
    if (bracketed[2]) port = Number(bracketed[2]);
  } else if (v4WithPort) {
    ip = v4WithPort[1] as string;
    port = Number(v4WithPort[2]);
  }
  const family = isIP(ip);
  if (family === 0 || port < 1 || port > 65535) return null;
  return { ip, port, server: port === 53 ? ip : family === 6 ? `[${ip}]:${port}` : `${ip}:${port}` };
}
