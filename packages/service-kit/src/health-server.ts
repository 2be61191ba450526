import http from 'node:http';
import type { Logger } from '@upmon/logger';
import type { MetricsSource } from '@upmon/metrics';

export type ReadinessCheck = () => Promise<void>;

export interface HealthServerOptions {
  host: string;
  port: number;
  /** Named dependency checks; each rejects when its dependency is unreachable. */
  readiness: Record<string, ReadinessCheck>;
  logger: Logger;
  /** Served at GET /metrics (Prometheus text format). This port is for operators, never public. */
  metrics?: MetricsSource;
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

export interface HealthHandlerOptions {
  /**
   * Name each dependency and its error in /readyz answers (default). The internal health ports of
   * the workers do; the API's public port does not: there /readyz says only ready or not, and the
   * details (which may name hosts and addresses) go to `logger`.
   */
  details?: boolean;
  logger?: Logger;
  /** Served at GET /metrics (Prometheus text format); only on ports for operators, never public. */
  metrics?: MetricsSource;
}

/**
 * Handles GET /healthz (alive), GET /readyz (dependencies reachable) and, when `metrics` is given,
 * GET /metrics; anything else is left to the caller (false).
 */
export function healthRequestHandler(readiness: Record<string, ReadinessCheck>, isShuttingDown: () => boolean, opts: HealthHandlerOptions = {}) {
  const details = opts.details ?? true;
  const metrics = opts.metrics;
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
      if (!ok && !details) opts.logger?.warn({ checks }, 'readiness check failed');
      send(res, ok ? 200 : 503, details ? { status: ok ? 'ready' : 'not ready', checks } : { status: ok ? 'ready' : 'not ready' });
      return true;
    }
    if (path === '/metrics' && metrics) {
      const body = await metrics.metrics();
      res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
      res.end(body);
      return true;
    }
    return false;
  };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A small HTTP server for operators: health and, with `metrics`, Prometheus metrics. The worker
 * services serve nothing else; the api runs one beside its public port (API_METRICS_PORT).
 */
export async function startHealthServer(opts: HealthServerOptions, isShuttingDown: () => boolean): Promise<http.Server> {
  const handle = healthRequestHandler(opts.readiness, isShuttingDown, { logger: opts.logger, metrics: opts.metrics });
  const server = http.createServer((req, res) => {
    handle(req, res).then(
      (handled) => {
        if (!handled) send(res, 404, { message: 'not found' });
      },
      (err: Error) => {
        opts.logger.error({ err: err.message }, 'health server request failed');
        if (!res.headersSent) send(res, 500, { message: 'internal error' });
      },
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
