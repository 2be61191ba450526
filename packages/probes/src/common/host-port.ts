/** `host:port` as people write it: an IPv6 address in brackets. */
export const hostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
