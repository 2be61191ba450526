import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, PATIENCE_MS } from './eventually.js';
import { freePort } from './service-process.js';

export interface OidcTestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
}

/** Rewrites the token endpoint's JSON answer (the tests' misbehaving IdP), or null to pass it on. */
export type TokenTamper = ((body: Record<string, unknown>) => Record<string, unknown>) | null;

export interface OidcIdp {
  /** The issuer upmon is configured with (the proxy in front of the provider). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's signing key (private JWK, RS256), for tokens a test forges as if the IdP had signed them. */
  signingJwk: Record<string, unknown> & { kid: string };
  /** From now on, the token endpoint's answers pass through this (null: untouched). */
  tamperTokens(fn: TokenTamper): void;
  stop(): Promise<void>;
}

/**
 * Starts `oidc-provider` (a certified OpenID provider) as its own process, behind a small HTTP
 * proxy on loopback that is the issuer's address: the proxy forwards every request as it is, and
 * can rewrite the token endpoint's answer so that tests see what upmon does with a wrong ID token
 * coming from the real flow.
 */
export async function startOidcProvider(opts: { redirectUri: string; accounts: Record<string, OidcTestAccount> }): Promise<OidcIdp> {
  const providerPort = await freePort();
  let tamper: TokenTamper = null;
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = request(
        {
          host: '127.0.0.1',
          port: providerPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host },
        },
        (upRes: IncomingMessage) => {
          const body: Buffer[] = [];
          upRes.on('data', (c: Buffer) => body.push(c));
          upRes.on('end', () => {
            let out = Buffer.concat(body);
            const headers = { ...upRes.headers };
            if (tamper && req.url?.startsWith('/token') && upRes.statusCode === 200) {
              out = Buffer.from(JSON.stringify(tamper(JSON.parse(out.toString('utf8')) as Record<string, unknown>)));
              delete headers['content-length'];
            }
            res.writeHead(upRes.statusCode ?? 502, headers);
            res.end(out);
          });
        },
      );
      up.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingJwk = { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: 'upmon-test-1', alg: 'RS256', use: 'sig' };
  const clientId = 'upmon-test-client';
  const clientSecret = randomBytes(24).toString('base64url');
  // The built script (tests run this file from src/ through ts-jest; the server runs as plain node).
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/oidc-provider-server.js');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      UPMON_TEST_OIDC: JSON.stringify({
        issuer,
        port: providerPort,
        jwk: signingJwk,
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [opts.redirectUri] }],
        accounts: opts.accounts,
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (output += String(c)));
  child.stderr?.on('data', (c) => (output += String(c)));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`oidc-provider exited: ${output.slice(-2000)}`);
      return fetch(`${issuer}/.well-known/openid-configuration`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    PATIENCE_MS,
    'oidc-provider to answer discovery',
  );
  return {
    issuer,
    clientId,
    clientSecret,
    signingJwk,
    tamperTokens: (fn) => {
      tamper = fn;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    },
  };
}
