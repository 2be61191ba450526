import http from 'node:http';
import type { Logger } from '@upmon/logger';

export type ReadinessCheck = () => Promise<void>;

export interface HealthServerOptions {
  host: string;
  port: number;
  /** Named dependency checks; each rejects when its dependency is unreachable. */
  readiness: Record<string, ReadinessCheck>;
  logger: Logger;
}

async function runChecks(checks: Record<string, ReadinessCheck>): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 2000);
        return [name, 'ok'] as const;
      } catch (err) {
        return [name, `unavailable: ${(err as Error).message}`] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** Handles GET /healthz (alive) and GET /readyz (dependencies reachable); anything else is 404. */
export function healthRequestHandler(readiness: Record<string, ReadinessCheck>, isShuttingDown: () => boolean) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (path === '/healthz') {
      send(res, 200, { status: 'ok' });
      return true;
    }
    if (path === '/readyz') {
      if (isShuttingDown()) {
        send(res, 503, { status: 'shutting down' });
        return true;
      }
      const checks = await runChecks(readiness);
      const ok = Object.values(checks).every((v) => v === 'ok');
      send(res, ok ? 200 : 503, { status: ok ? 'ready' : 'not ready', checks });
      return true;
    }
    return false;
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A small HTTP server for the worker services, which serve nothing else. */
export async function startHealthServer(opts: HealthServerOptions, isShuttingDown: () => boolean): Promise<http.Server> {
  const handle = healthRequestHandler(opts.readiness, isShuttingDown);
  const server = http.createServer((req, res) => {
    handle(req, res).then(
      (handled) => {
        if (!handled) send(res, 404, { message: 'not found' });
      },
      () => send(res, 500, { message: 'internal error' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
