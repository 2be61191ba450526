import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from './tls-certificates.js';

export interface TcpProxy {
  port: number;
  /** `redis://` URL of the proxy, for a Redis behind it. */
  url: string;
  /** Drops every connection and refuses new ones: the target is "down" for this proxy's clients only. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/** Writes what `from` sends to `to` `delayMs` later, in order (a timer per chunk: test traffic is small). */
function relayLater(from: net.Socket, to: net.Socket, delayMs: number): void {
  from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.destroyed || to.end(), delayMs));
}

/**
 * A TCP proxy to `target` on 127.0.0.1 (or `listen`: e.g. a network namespace's host-side address,
 * so processes in the namespace reach the loopback-only PostgreSQL and Redis) that a test can cut
 * and restore, to make e.g. the shared Redis unreachable for one client without touching the
 * server. `cut: true` starts it cut. `delayMs`: every round trip through it takes that much longer
 * (what each side sends arrives half of it later; a slow path where tc netem is missing).
 * `tls`: it terminates TLS with that certificate (an https front for a plain-http service).
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  opts: { cut?: boolean; listen?: string; delayMs?: number; tls?: TestCertificate } = {},
): Promise<TcpProxy> {
  const oneWayMs = (opts.delayMs ?? 0) / 2;
  const sockets = new Set<net.Socket>();
  let open = !opts.cut;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  const onClient = (client: net.Socket) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    // Delayed: what one side sent before closing is still on its way to the other (its end too,
    // relayed in order): both are destroyed only once that has had time to be written.
    const dropAfterInFlight = oneWayMs > 0 ? () => setTimeout(drop, oneWayMs + 1000) : drop;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', dropAfterInFlight);
      s.on('close', dropAfterInFlight);
    }
    if (oneWayMs > 0) {
      relayLater(client, upstream, oneWayMs);
      relayLater(upstream, client, oneWayMs);
    } else client.pipe(upstream).pipe(client);
  };
  const server = opts.tls ? tls.createServer({ cert: opts.tls.cert, key: opts.tls.key }, onClient) : net.createServer(onClient);
  const host = opts.listen ?? '127.0.0.1';
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `redis://${host}:${port}`,
    cut() {
      open = false;
      dropAll();
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      dropAll();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
