import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from '@upmon/testing';
import { createProbeContext, type ProbeContext } from '../src/index.js';

export interface TestServer {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/** How a test TCP server answers a connection. */
export type Conversation = (socket: net.Socket) => void;

/** Echoes every byte back. */
export const echo: Conversation = (socket) => socket.pipe(socket);
/** Greets first (SMTP-like), then echoes. */
export const banner =
  (text: string): Conversation =>
  (socket) => {
    socket.write(text);
    socket.pipe(socket);
  };
/** Answers anything with `text` and closes. */
export const answer =
  (text: string): Conversation =>
  (socket) =>
    socket.once('data', () => socket.end(text));
/** Accepts and never says anything. */
export const silent: Conversation = () => undefined;

function track(server: net.Server, host: string): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  server.on('connection', (s: net.Socket) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  server.on('secureConnection', (s: net.Socket) => sockets.add(s));
  return new Promise((resolve) =>
    server.listen(0, host, () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        get connections() {
          return state.connections;
        },
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      }),
    ),
  );
}

export function listenTcp(conversation: Conversation, host = '127.0.0.1'): Promise<TestServer> {
  return track(net.createServer(conversation), host);
}

export function listenTls(cert: TestCertificate, conversation: Conversation = echo): Promise<TestServer> {
  const server = tls.createServer({ cert: cert.cert, key: cert.key }, conversation);
  server.on('tlsClientError', () => undefined);
  return track(server, '127.0.0.1');
}

/** A probe context that may reach loopback (the test servers), trusting the test CA. */
export function testContext(opts: { caCert?: string; allowCidrs?: string[]; now?: () => Date } = {}): ProbeContext & { destroy(): void } {
  return createProbeContext({
    allowCidrs: opts.allowCidrs ?? ['127.0.0.0/8', '::1/128'],
    userAgent: 'upmon-probes-test/1',
    now: opts.now ?? (() => new Date()),
    ...(opts.caCert ? { certificateAuthority: opts.caCert } : {}),
  });
}

/** An http(s) server for probes; `cert` makes it https. */
export function listenHttp(handler: http.RequestListener, cert?: TestCertificate): Promise<TestServer> {
  const server = cert ? https.createServer({ cert: cert.cert, key: cert.key }, handler) : http.createServer(handler);
  return track(server, '127.0.0.1');
}
