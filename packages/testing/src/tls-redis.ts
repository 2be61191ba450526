import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './service-process.js';
import { createTestCertificates } from './tls-certificates.js';

export interface TlsRedis {
  port: number;
  /** PEM of the throwaway CA that signed the server's certificate (for `tls: { ca }` in ioredis). */
  caCert: string;
  /** Path of that CA's PEM file (for NODE_EXTRA_CA_CERTS of a service process). */
  caPath: string;
  /** `rediss://[user:password@]localhost:<port>`: the name the server's certificate is for. */
  url(auth?: { user: string; password: string }): string;
  /** Everything the server wrote so far. */
  output(): string;
  /** Stops the server and removes its certificates and directory. */
  stop(): Promise<void>;
}

/**
 * A redis-server of its own that speaks TLS only (no plain TCP port) on 127.0.0.1, with a server
 * certificate for localhost/127.0.0.1 signed by a throwaway CA; clients need no certificate. Its
 * default user has no password: give a test's clients an ACL user of their own. Nothing is saved.
 */
export async function startTlsRedis(): Promise<TlsRedis> {
  const certs = createTestCertificates();
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-tls-redis-'));
  const removeFiles = () => {
    certs.cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
  let port: number;
  try {
    const server = certs.leaf({ days: 30, hosts: ['localhost', '127.0.0.1'] });
    writeFileSync(path.join(dir, 'server.crt'), server.cert);
    writeFileSync(path.join(dir, 'server.key'), server.key, { mode: 0o600 });
    port = await freePort();
  } catch (err) {
    removeFiles();
    throw err;
  }
  // The settings docs/locations.md gives operators (plus a throwaway directory, nothing saved).
  const settings = {
    port: '0',
    'tls-port': String(port),
    bind: '127.0.0.1',
    'tls-cert-file': path.join(dir, 'server.crt'),
    'tls-key-file': path.join(dir, 'server.key'),
    'tls-ca-cert-file': certs.caPath,
    'tls-auth-clients': 'no',
    dir,
    save: '',
    appendonly: 'no',
  };
  const child = spawn(
    'redis-server',
    Object.entries(settings).flatMap(([name, value]) => [`--${name}`, value]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  // 'error' without 'exit' when redis-server cannot be started at all.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  // A test process that ends without its afterAll (a jest worker torn down) takes the server along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    removeFiles();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server (TLS) not ready in 10 s:\n${out}`)), 10_000);
      const onData = (d: Buffer) => {
        out += d;
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server (TLS) exited with ${code}:\n${out}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    port,
    caCert: certs.caCert,
    caPath: certs.caPath,
    url: (auth) => `rediss://${auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : ''}localhost:${port}`,
    output: () => out,
    stop,
  };
}
