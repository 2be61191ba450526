import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PATIENCE_MS } from './eventually.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A 32-byte key for tests only. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * Process options that make a started service resolve `table`'s names to the given addresses
 * (`startService(name, { ...env, ...dns.env }, { nodeArgs: dns.nodeArgs })`; see stub-dns.ts).
 */
export function stubDns(table: Record<string, string[]>): { env: Record<string, string>; nodeArgs: string[] } {
  return {
    env: { UPMON_TEST_DNS: JSON.stringify(table) },
    nodeArgs: ['--import', pathToFileURL(path.join(root, 'packages/testing/dist/stub-dns.js')).href],
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  name: string;
  port: number;
  url: string;
  /** Where GET /metrics is served: the health port, or the api's API_METRICS_PORT. */
  metricsUrl: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export type ServiceName = 'api' | 'scheduler' | 'prober' | 'notifier';
const PORT_VAR: Record<ServiceName, string> = {
  api: 'API_PORT',
  scheduler: 'SCHEDULER_PORT',
  prober: 'PROBER_PORT',
  notifier: 'NOTIFIER_PORT',
};

/**
 * Starts a built service (`services/<name>/dist/main.js`, so `pnpm build` first) on a free port
 * and waits until GET /readyz answers 200 (GET /healthz with `until: 'alive'`).
 */
export async function startService(
  name: ServiceName,
  env: Record<string, string>,
  opts: {
    readyTimeoutMs?: number;
    /** 'alive': return once the health port answers, for a service expected not to become ready. */
    until?: 'ready' | 'alive';
    /** node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS) */ nodeArgs?: string[];
    /** Run inside a network namespace (network-lab.ts): its health port listens on `address` there. */
    netns?: { command(file: string, args: string[]): [string, string[]]; address: string };
  } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  // The api's operators' port too, unless the test chose one: two tests must never share a port.
  const metricsPort = name === 'api' ? (env.API_METRICS_PORT ?? String(await freePort())) : null;
  const nodeCommand: [string, string[]] = [process.execPath, [...(opts.nodeArgs ?? []), path.join(root, `services/${name}/dist/main.js`)]];
  const [file, args] = opts.netns ? opts.netns.command(...nodeCommand) : nodeCommand;
  const host = opts.netns?.address ?? '127.0.0.1';
  const child = spawn(file, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HTTP_HOST: host,
      LOG_LEVEL: 'info',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
      ...(metricsPort ? { API_METRICS_PORT: metricsPort } : {}),
      [PORT_VAR[name]]: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 2 * PATIENCE_MS);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}${opts.until === 'alive' ? '/healthz' : '/readyz'}`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} not ready in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    port,
    url,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : `${url}/metrics`,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
