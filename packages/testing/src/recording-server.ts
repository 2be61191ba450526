import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PATIENCE_MS } from './eventually.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (until the server closes). */
  hang?: boolean;
}

/** Decides the reply to the n-th request (0-based); default 200 `ok`. */
export type Responder = (req: RecordedRequest, n: number) => Reply | Promise<Reply>;

export interface RecordingServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Requests answered with 2xx. */
  accepted: RecordedRequest[];
  respond(responder: Responder): void;
  /** Resolves when `predicate` holds for the recorded requests, or rejects after `timeoutMs`. */
  waitFor(predicate: (reqs: RecordedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A local HTTP server that records every request, standing in for a provider (a webhook receiver, a chat service, an alerting API). */
export async function startRecordingServer(responder: Responder = () => ({})): Promise<RecordingServer> {
  let respond = responder;
  const requests: RecordedRequest[] = [];
  const accepted: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const n = requests.length;
      requests.push(rec);
      Promise.resolve(respond(rec, n)).then((reply) => {
        if (reply.hang) return;
        const status = reply.status ?? 200;
        if (status >= 200 && status < 300) accepted.push(rec);
        res.writeHead(status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? 'ok');
        for (const w of waiters) w();
      });
      for (const w of waiters) w();
    });
  });
  // Longer than a client keeps an idle connection (node's agent: 5 s, the same as node's server
  // default): with equal timers, a busy machine lets a client reuse a connection the server is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    accepted,
    respond: (r) => {
      respond = r;
    },
    waitFor(predicate, timeoutMs = PATIENCE_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(requests)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting; ${requests.length} requests recorded`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
