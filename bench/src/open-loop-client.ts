// The open-loop load generator's process (started by open-loop.ts; not a benchmark itself).
// Offers requests at a constant rate whatever the server does: request i is DUE at
// t0 + i / rate, is sent on a free keep-alive connection (or, if none is free, as soon as one
// is), and its latency is counted from when it was due, not from when it was sent, so a server
// that stalls is charged for every request it held back (no coordinated omission, which a
// closed-loop tool such as wrk hides: its clients simply stop sending while the server stalls).
//
// Connections are reused the way a well-behaved keep-alive client reuses them (undici's rule): not
// once they have been idle for longer than the server's `Keep-Alive: timeout` hint less a second,
// nor, before their first answer, for longer than UNUSED_IDLE_MS. Otherwise a request sent just
// as the server closes an idle connection is lost with it: a race of the client, not a fault of
// the server. (Node's server, for one, answers 408 and closes a connection that has sent nothing
// for `headersTimeout`, 60 s; such an unsolicited answer is not taken for a request's.)
//
// Raw HTTP/1.1 over node:net instead of node:http or undici: the generator shares 2 cores with the
// server and PostgreSQL it measures, and a request built once and written with one syscall costs a
// fraction of a full client's CPU. It only has to read the answers of our own server: a status
// line, headers with Content-Length, a body.
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface OpenLoopOptions {
  host: string;
  port: number;
  /** File with one request path per line; requests rotate over them in order. */
  pathsFile: string;
  /** Requests per second offered. */
  rate: number;
  durationSec: number;
  /** Keep-alive connections opened at start; more are opened (up to maxConnections) when all are busy. */
  connections: number;
  maxConnections: number;
  /** Width of the intervals reported separately (flatness over a long run), seconds. */
  intervalSec: number;
  /** Give up waiting for answers this long after the last request was due, ms. */
  drainTimeoutMs: number;
}

export interface IntervalStats {
  fromSec: number;
  due: number;
  answered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface OpenLoopResult {
  offeredRate: number;
  due: number;
  /** Answered with a 2xx status. */
  ok: number;
  /** Answered with another status. */
  failed: number;
  /** Never answered (connection error, or still waiting at the drain timeout). */
  unanswered: number;
  socketErrors: number;
  connectionsUsed: number;
  /** Most requests that were due but waiting for a free connection at once. */
  maxBacklog: number;
  /** Latency from the due time, over every answered request. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  intervals: IntervalStats[];
  /** The generator's own CPU over the run, ms. */
  cpuMs: number;
}

const UNANSWERED = 0xffffffff;
/** How long a connection that has had no answer yet may wait in the pool (the server has given no hint). */
const UNUSED_IDLE_MS = 30_000;
/** Reuse stops this long before the server's hint runs out (undici's keepAliveTimeoutThreshold). */
const KEEP_ALIVE_MARGIN_MS = 1000;

function percentileOf(sorted: Uint32Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return (sorted[idx] as number) / 1000;
}

/** Latencies (µs) of requests [from, to), answered ones only, sorted. */
function answeredSorted(latencies: Uint32Array, from: number, to: number): Uint32Array {
  const out = new Uint32Array(to - from);
  let n = 0;
  for (let i = from; i < to; i++) if (latencies[i] !== UNANSWERED) out[n++] = latencies[i] as number;
  return out.subarray(0, n).sort();
}

class Connection {
  private readonly socket: net.Socket;
  private buf = '';
  /** Index of the request in flight, -1 when idle. */
  inFlight = -1;
  open = false;
  /** When the connection last became idle (performance.now()). */
  idleSince = 0;
  /** Longest idle time after which it is still reused: the server's hint less a margin. */
  reusableIdleMs = UNUSED_IDLE_MS;
  constructor(
    opts: OpenLoopOptions,
    private readonly onAnswer: (c: Connection, index: number, status: number, reusable: boolean) => void,
    private readonly onClosed: (c: Connection, index: number) => void,
  ) {
    this.socket = net.connect({ host: opts.host, port: opts.port, noDelay: true });
    this.socket.setEncoding('latin1');
    this.socket.on('connect', () => {
      this.open = true;
      this.onAnswer(this, -1, 0, true);
    });
    this.socket.on('data', (chunk: string) => this.read(chunk));
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.open = false;
      const index = this.inFlight;
      this.inFlight = -1;
      this.onClosed(this, index);
    });
  }
  send(index: number, request: Buffer): void {
    this.inFlight = index;
    this.socket.write(request);
  }
  close(): void {
    this.socket.destroy();
  }
  private read(chunk: string): void {
    this.buf += chunk;
    for (;;) {
      const headEnd = this.buf.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buf.slice(0, headEnd);
      const m = /\r\ncontent-length: *(\d+)/i.exec(head);
      const total = headEnd + 4 + (m ? Number(m[1]) : 0);
      if (this.buf.length < total) return;
      this.buf = this.buf.slice(total);
      const status = Number(head.slice(9, 12));
      const index = this.inFlight;
      this.inFlight = -1;
      const hint = /\r\nkeep-alive: *timeout=(\d+)/i.exec(head);
      if (hint) this.reusableIdleMs = Number(hint[1]) * 1000 - KEEP_ALIVE_MARGIN_MS;
      if (/\r\nconnection: *close/i.test(head)) {
        this.socket.end();
        // Not reused: its 'close' reports the connection gone (and a request on it, if any).
        if (index >= 0) this.onAnswer(this, index, status, false);
        return;
      }
      // An answer with no request in flight is unsolicited (a 408 before closing): ignored.
      if (index >= 0) this.onAnswer(this, index, status, true);
    }
  }
}

export async function runOpenLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const paths = fs.readFileSync(opts.pathsFile, 'utf8').split('\n').filter(Boolean);
  const requests = paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${opts.host}:${opts.port}\r\nUser-Agent: upmon-bench\r\n\r\n`, 'latin1'));
  const total = Math.round(opts.rate * opts.durationSec);
  const intervalMs = 1000 / opts.rate;
  const latencies = new Uint32Array(total).fill(UNANSWERED);
  const statuses = new Uint16Array(total);
  const idle: Connection[] = [];
  const connections: Connection[] = [];
  const backlog: number[] = [];
  let backlogHead = 0;
  let maxBacklog = 0;
  let socketErrors = 0;
  let answered = 0;
  /** Connections open or opening (closed ones are replaced when the backlog needs them). */
  let live = 0;
  let next = 0; // next request index to become due
  let t0 = 0;

  const send = (c: Connection, index: number) => c.send(index, requests[index % requests.length] as Buffer);
  /** An idle connection that may still be reused (stale ones are closed), or undefined. */
  const takeIdle = (): Connection | undefined => {
    const now = performance.now();
    for (let c = idle.pop(); c; c = idle.pop()) {
      if (now - c.idleSince <= c.reusableIdleMs) return c;
      c.close();
    }
    return undefined;
  };
  const onAnswer = (c: Connection, index: number, status: number, reusable: boolean) => {
    if (index >= 0) {
      latencies[index] = Math.max(0, Math.round((performance.now() - (t0 + index * intervalMs)) * 1000));
      statuses[index] = status;
      answered++;
    }
    if (!reusable) return;
    if (backlogHead < backlog.length) send(c, backlog[backlogHead++] as number);
    else {
      c.idleSince = performance.now();
      idle.push(c);
    }
  };
  const onClosed = (c: Connection, index: number) => {
    live--;
    const i = idle.indexOf(c);
    if (i >= 0) idle.splice(i, 1);
    if (index >= 0) {
      socketErrors++;
      answered++; // given up on: counted as unanswered below (latency left unset)
    }
  };
  const open = () => {
    const c = new Connection(opts, onAnswer, onClosed);
    connections.push(c);
    live++;
  };
  for (let i = 0; i < opts.connections; i++) open();
  const connectDeadline = performance.now() + 10_000;
  while (idle.length < opts.connections && performance.now() < connectDeadline) await new Promise((r) => setTimeout(r, 10));

  const cpuStart = process.cpuUsage();
  t0 = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const dueUntil = Math.min(total, Math.floor((now - t0) / intervalMs) + 1);
      for (; next < dueUntil; next++) {
        const c = takeIdle();
        if (c) send(c, next);
        else {
          backlog.push(next);
          if (live < opts.maxConnections) open();
        }
      }
      if (backlogHead > 100_000) {
        backlog.splice(0, backlogHead);
        backlogHead = 0;
      }
      maxBacklog = Math.max(maxBacklog, backlog.length - backlogHead);
      if (next >= total) resolve();
      else setTimeout(tick, Math.max(0, Math.min(1, t0 + next * intervalMs - performance.now())));
    };
    tick();
  });
  const drainDeadline = performance.now() + opts.drainTimeoutMs;
  while (answered < total && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 5));
  const cpu = process.cpuUsage(cpuStart);
  for (const c of connections) c.close();

  let ok = 0;
  let failed = 0;
  for (let i = 0; i < total; i++) {
    if (latencies[i] === UNANSWERED) continue;
    if ((statuses[i] as number) >= 200 && (statuses[i] as number) < 300) ok++;
    else failed++;
  }
  const all = answeredSorted(latencies, 0, total);
  const perInterval = Math.round(opts.rate * opts.intervalSec);
  const intervals: IntervalStats[] = [];
  for (let from = 0; from < total; from += perInterval) {
    const to = Math.min(total, from + perInterval);
    const s = answeredSorted(latencies, from, to);
    intervals.push({
      fromSec: Math.round(from / opts.rate),
      due: to - from,
      answered: s.length,
      p50Ms: percentileOf(s, 50),
      p99Ms: percentileOf(s, 99),
      maxMs: s.length ? (s[s.length - 1] as number) / 1000 : NaN,
    });
  }
  return {
    offeredRate: opts.rate,
    due: total,
    ok,
    failed,
    unanswered: total - ok - failed,
    socketErrors,
    connectionsUsed: connections.length,
    maxBacklog,
    p50Ms: percentileOf(all, 50),
    p90Ms: percentileOf(all, 90),
    p99Ms: percentileOf(all, 99),
    p999Ms: percentileOf(all, 99.9),
    maxMs: all.length ? (all[all.length - 1] as number) / 1000 : NaN,
    intervals,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// Entry point as a child process: options as JSON in argv[2], the result as one JSON line on stdout.
if (process.argv[1]?.endsWith('open-loop-client.js')) {
  const result = await runOpenLoop(JSON.parse(process.argv[2] ?? '{}') as OpenLoopOptions);
  process.stdout.write(`OPEN_LOOP_RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}
