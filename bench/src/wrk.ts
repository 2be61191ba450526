// Closed-loop HTTP load with wrk (C, Debian package `wrk`): on a 2-core machine shared with the
// server under test and PostgreSQL, autocannon (JavaScript) spent a large share of the CPU itself
// (docs/pings.md "Benchmark"); wrk measures the server rather than the client.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './cpu-usage.js';

const scriptDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/wrk');

export interface WrkResult {
  requests: number;
  /** Answers with status ≥ 400 (wrk's "Non-2xx or 3xx responses"). */
  status: number;
  /** Socket errors and timeouts. */
  socketErrors: number;
  durationSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU time wrk itself spent (user + system, all threads), ms. */
  cpuMs: number;
}

/** Throws with the install command when wrk is missing. */
export function requireWrk(): void {
  const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (r.error) throw new Error('this benchmark needs wrk: apt-get install -y wrk (Debian package)');
}

/**
 * Runs wrk against `url` with `connections` keep-alive connections for `durationSec`; each
 * request goes to the next line of `pathsFile` (rotate-paths.lua). Latency is per request.
 */
export async function runWrk(opts: { url: string; pathsFile: string; connections: number; threads: number; durationSec: number }): Promise<WrkResult> {
  const args = [
    `-t${opts.threads}`,
    `-c${opts.connections}`,
    `-d${opts.durationSec}s`,
    '--timeout',
    '10s',
    '-s',
    path.join(scriptDir, 'rotate-paths.lua'),
    opts.url,
    '--',
    opts.pathsFile,
    String(opts.threads),
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // The CPU time of a process can be read only while it exists: sample until it exits (the last
  // 100 ms are wrk printing its summary, not load).
  let cpuMs = 0;
  const sampler = setInterval(() => (cpuMs = Math.max(cpuMs, processCpuMs(child.pid as number))), 100);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${out}`);
  const r = JSON.parse(line.slice('WRK_RESULT '.length)) as Record<string, number>;
  const n = (k: string) => r[k] as number;
  return {
    requests: n('requests'),
    status: n('status'),
    socketErrors: n('connect') + n('read') + n('write') + n('timeout'),
    durationSec: n('duration_us') / 1e6,
    p50Ms: n('p50_us') / 1000,
    p99Ms: n('p99_us') / 1000,
    maxMs: n('max_us') / 1000,
    cpuMs,
  };
}
