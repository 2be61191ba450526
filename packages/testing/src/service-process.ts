import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A 32-byte key for tests only. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

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
 * and waits until GET /readyz answers 200.
 */
export async function startService(
  name: ServiceName,
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number; /** node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS) */ nodeArgs?: string[] } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(root, `services/${name}/dist/main.js`)], {
    env: {
      PATH: process.env.PATH ?? '',
      HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
      [PORT_VAR[name]]: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 20_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`);
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
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
