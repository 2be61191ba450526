// The load generator of api-reads, run as a child process (fork) so that neither the bench's own
// event loop (seeding, pg, timers) nor its results bookkeeping delays sending requests or reading
// responses: a stalled client shows up as server latency otherwise.
//
// Two modes:
// - closed loop (autocannon): `connections` clients each send the next request as soon as the
//   previous one is answered: maximum requests/s and latency at that concurrency.
// - open loop at a fixed rate: one request every 1000/rate ms on a pool of keep-alive
//   connections, latency measured from the moment the request was due (so a slow server or a
//   late client is counted, not hidden: no coordinated omission). autocannon's own `overallRate`
//   is not used for this: it lets every connection send its per-second quota back to back at the
//   start of each second and then idle, so "500 req/s" there is really bursts at full concurrency.
import autocannon from 'autocannon';
import http from 'node:http';
import { percentile } from './report.js';

export interface LoadRequest {
  mode: 'closed' | 'open';
  url: string;
  /** Request paths and keys are rotated per request. */
  paths: string[];
  keys: string[];
  durationSec: number;
  /** closed: concurrent connections; open: the most connections the pool may open. */
  connections: number;
  /** open only: requests per second. */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok2xx: number;
  failed: number;
}

async function closedLoop(r: LoadRequest): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: r.url,
    connections: r.connections,
    duration: r.durationSec,
    requests: [
      {
        setupRequest: (req: any) => {
          const n = i++;
          req.path = r.paths[n % r.paths.length];
          req.headers = { ...(req.headers ?? {}), authorization: `Bearer ${r.keys[n % r.keys.length]}` };
          return req;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok2xx: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function openLoop(r: LoadRequest): Promise<LoadResult> {
  const rate = r.rate as number;
  const total = Math.round(rate * r.durationSec);
  const interval = 1000 / rate;
  const url = new URL(r.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: r.connections });
  const latencies: number[] = [];
  let ok2xx = 0;
  let failed = 0;
  const started = performance.now();
  await new Promise<void>((done) => {
    let sent = 0;
    let finished = 0;
    const settle = (due: number, ok: boolean) => {
      latencies.push(performance.now() - due);
      if (ok) ok2xx++;
      else failed++;
      if (++finished === total) done();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        const n = sent++;
        const due = started + n * interval;
        const req = http.request(
          { host: url.hostname, port: url.port, path: r.paths[n % r.paths.length], agent, headers: { authorization: `Bearer ${r.keys[n % r.keys.length]}` } },
          (res) => {
            res.resume();
            res.once('end', () => settle(due, (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
          },
        );
        req.once('error', () => settle(due, false));
        req.end();
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsedSec = (performance.now() - started) / 1000;
  agent.destroy();
  const ms = (p: number) => Number(percentile(latencies, p).toFixed(1));
  return { requests: total, rps: Math.round(total / elapsedSec), p50: ms(50), p90: ms(90), p99: ms(99), max: ms(100), ok2xx, failed };
}

// As a child process: one LoadRequest in, one LoadResult out (IPC), then exit.
if (process.send) {
  process.once('message', (req: LoadRequest) => {
    (req.mode === 'open' ? openLoop(req) : closedLoop(req)).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (err: Error) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
