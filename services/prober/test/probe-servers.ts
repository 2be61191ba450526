import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { TestCertificate } from '@upmon/testing';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** The endpoints probes are pointed at; records every request it receives. */
export function probeTargetHandler(seen: SeenRequest[]): http.RequestListener {
  return (req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://x');
    const [, route, arg] = url.pathname.split('/');
    switch (route) {
      case 'ok':
        return res.end('status: all ok');
      case 'status':
        res.statusCode = Number(arg);
        return res.end(`status ${arg}`);
      case 'text':
        return res.end(decodeURIComponent(arg ?? ''));
      case 'slow':
        return void setTimeout(() => res.end('late'), Number(arg));
      case 'redirect': {
        const n = Number(arg);
        res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}` : '/ok' });
        return res.end();
      }
      case 'headers':
        res.statusCode = req.headers['x-token'] === 'abc' ? 200 : 403;
        return res.end();
      case 'auth': {
        const ok = req.headers.authorization === `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
        res.writeHead(ok ? 200 : 401, ok ? {} : { 'www-authenticate': 'Basic realm="x"' });
        return res.end(ok ? 'welcome' : 'denied');
      }
      case 'method':
        return res.end(`method=${req.method}`);
      case 'gzip': {
        // Compressed only for a client that asks (as real servers do).
        const text = 'compressed: all ok';
        if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return res.end(text);
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(gzipSync(text));
      }
      case 'stall':
        // Headers at once, the body never ends: the timeout covers the whole response.
        res.writeHead(200);
        return void res.write('partial');
      case 'big':
        res.write('x'.repeat(2_000_000));
        return res.end('needle');
      default:
        res.statusCode = 404;
        return res.end('not found');
    }
  };
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export function listenHttp(handler: http.RequestListener, host = '127.0.0.1'): Promise<RunningServer> {
  return serve(http.createServer(handler), host);
}

export function listenHttps(cert: TestCertificate, handler: http.RequestListener): Promise<RunningServer> {
  return serve(https.createServer({ cert: cert.cert, key: cert.key }, handler), '127.0.0.1');
}

function serve(server: http.Server | https.Server, host: string): Promise<RunningServer> {
  return new Promise((resolve) =>
    server.listen(0, host, () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
