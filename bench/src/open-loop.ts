// Runs the open-loop load generator (open-loop-client.ts) in a process of its own, so its CPU is
// read from /proc apart from the benchmark's, and its timers are not delayed by the benchmark's work.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './cpu-usage.js';
import type { OpenLoopOptions, OpenLoopResult } from './open-loop-client.js';

export type { OpenLoopOptions, OpenLoopResult } from './open-loop-client.js';

const clientPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'open-loop-client.js');

/** Started generator: `pid` for CPU sampling, `result` when it has finished. */
export function startOpenLoop(opts: OpenLoopOptions): { pid: number; result: Promise<OpenLoopResult & { processCpuMs: number }> } {
  const child = spawn(process.execPath, ['--max-semi-space-size=32', clientPath, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let cpuMs = 0;
  const sampler = setInterval(() => (cpuMs = Math.max(cpuMs, processCpuMs(child.pid as number))), 200);
  const result = new Promise<OpenLoopResult & { processCpuMs: number }>((resolve, reject) => {
    child.once('exit', (code) => {
      clearInterval(sampler);
      const line = out.split('\n').find((l) => l.startsWith('OPEN_LOOP_RESULT '));
      if (code !== 0 || !line) reject(new Error(`load generator failed (exit ${code}):\n${out}`));
      else resolve({ ...(JSON.parse(line.slice('OPEN_LOOP_RESULT '.length)) as OpenLoopResult), processCpuMs: cpuMs });
    });
  });
  return { pid: child.pid as number, result };
}
