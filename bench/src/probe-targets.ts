// Local targets for `pnpm bench probe-kinds`, in a process of their own so that the probing
// process's CPU is its own: a TCP echo server, a TLS server (test CA) and a DNS responder
// (bench/src/dns-responder.ts).
// Prints {tcp, tls, dns, caCert} as one JSON line, then serves until killed.
import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { createTestCertificates } from '@upmon/testing';
import { startDnsResponder } from './dns-responder.js';

const certs = createTestCertificates();
const leaf = certs.leaf({ days: 365 });
const listen = (server: net.Server) =>
  new Promise<number>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => resolve((server.address() as AddressInfo).port)));
const ignore = (s: net.Socket) => s.on('error', () => undefined);
const tcp = await listen(
  net.createServer((s) => {
    ignore(s);
    s.pipe(s);
  }),
);
// The tls probe sends nothing: the handshake is the whole exchange, with no stream work after it.
const tlsServer = tls.createServer({ cert: leaf.cert, key: leaf.key }, ignore);
tlsServer.on('tlsClientError', () => undefined);
const tlsPort = await listen(tlsServer);
const dns = await startDnsResponder('bench.test', '93.184.216.34');
process.stdout.write(`${JSON.stringify({ tcp, tls: tlsPort, dns, caCert: certs.caCert })}\n`);
process.on('SIGTERM', () => {
  certs.cleanup();
  process.exit(0);
});
