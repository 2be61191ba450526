import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eventually, PATIENCE_MS } from './eventually.js';
import { freePort } from './service-process.js';

/** Debian's SimpleSAMLphp (scripts/test-prerequisites.sh installs it). */
export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

export interface SamlIdpUser {
  password: string;
  email: string;
  name: string;
  groups?: string[];
}

export interface SamlIdpServiceProvider {
  entityId: string;
  acsUrl: string;
  /** Sign the assertion (default true). False: only the response is signed, as some IdPs do. */
  signAssertion?: boolean;
  /** Sign the response (default false). */
  signResponse?: boolean;
  /** Seconds an assertion is valid from now (SimpleSAMLphp's `assertion.lifetime`, default 300); negative: issued expired. */
  assertionLifetimeSeconds?: number;
}

export interface SamlIdp {
  /** The IdP's entity ID. */
  entityId: string;
  /** Its metadata (SAML 2.0 IdP), from SimpleSAMLphp itself. */
  metadataUrl: string;
  baseUrl: string;
  /** The IdP's signing certificate and key (PEM), to forge answers a test needs. */
  cert: string;
  key: string;
  /** An IdP-initiated sign-in for the SP (SimpleSAMLphp's SSOService with spentityid). */
  idpInitiatedUrl(spEntityId: string): string;
  log(): string;
  stop(): Promise<void>;
}

const php = (v: unknown): string => {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map(php).join(', ')}]`;
  if (v && typeof v === 'object')
    return `[${Object.entries(v)
      .map(([k, x]) => `${php(k)} => ${php(x)}`)
      .join(', ')}]`;
  return 'null';
};

/** Why SimpleSAMLphp cannot run here, or null. */
export function simpleSamlPhpSkipReason(): string | null {
  if (!existsSync(SIMPLESAMLPHP_WWW)) return 'SimpleSAMLphp is not installed (apt-get install simplesamlphp; scripts/test-prerequisites.sh does)';
  try {
    execFileSync('php', ['-v'], { stdio: 'pipe' });
  } catch {
    return 'php is not installed';
  }
  return null;
}

/**
 * A real SAML 2.0 identity provider: Debian's SimpleSAMLphp served by PHP's built-in web server on
 * loopback, with its own configuration in a temp dir (SIMPLESAMLPHP_CONFIG_DIR), a key pair made
 * with openssl, users of exampleauth:UserPass (its login form), and the given service providers.
 * The NameID is the user's e-mail address.
 */
export async function startSimpleSamlPhp(opts: { users: Record<string, SamlIdpUser>; serviceProviders: SamlIdpServiceProvider[] }): Promise<SamlIdp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-ssp-'));
  for (const d of ['config', 'metadata', 'cert', 'log', 'data', 'tmp', 'sessions']) mkdirSync(path.join(dir, d));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'cert/idp.key', '-out', 'cert/idp.crt', '-days', '30', '-subj', '/CN=upmon test IdP'],
    { cwd: dir, stdio: 'pipe' },
  );
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const at = (p: string) => path.join(dir, p);
  writeFileSync(
    at('config/config.php'),
    `<?php\n$config = ${php({
      baseurlpath: `${baseUrl}/`,
      certdir: at('cert/'),
      loggingdir: at('log/'),
      datadir: at('data/'),
      tempdir: at('tmp'),
      metadatadir: at('metadata/'),
      secretsalt: randomBytes(16).toString('hex'),
      'auth.adminpassword': randomBytes(16).toString('hex'),
      technicalcontact_name: 'upmon tests',
      technicalcontact_email: 'tests@example.org',
      timezone: 'UTC',
      'logging.handler': 'file',
      'logging.logfile': 'simplesamlphp.log',
      'enable.saml20-idp': true,
      'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
      'store.type': 'phpsession',
      'session.cookie.secure': false,
      'session.phpsession.savepath': at('sessions'),
      'session.cookie.samesite': 'Lax',
      'language.available': ['en'],
      'metadata.sources': [{ type: 'flatfile', directory: at('metadata') }],
    })};\n$config['logging.level'] = SimpleSAML\\Logger::DEBUG;\n`,
  );
  const users: Record<string, unknown> = {};
  for (const [login, u] of Object.entries(opts.users))
    users[`${login}:${u.password}`] = { uid: [login], email: [u.email], displayName: [u.name], groups: u.groups ?? [] };
  writeFileSync(
    at('config/authsources.php'),
    `<?php\n$config = ${php({ admin: ['core:AdminPassword'], 'example-userpass': { 0: 'exampleauth:UserPass', ...users } })};\n`,
  );
  writeFileSync(
    at('metadata/saml20-idp-hosted.php'),
    `<?php\n$metadata[${php(entityId)}] = ${php({
      host: '__DEFAULT__',
      privatekey: 'idp.key',
      certificate: 'idp.crt',
      auth: 'example-userpass',
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      authproc: { 3: { class: 'saml:AttributeNameID', attribute: 'email', Format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' } },
    })};\n`,
  );
  writeFileSync(
    at('metadata/saml20-sp-remote.php'),
    `<?php\n${opts.serviceProviders
      .map(
        (sp) =>
          `$metadata[${php(sp.entityId)}] = ${php({
            AssertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acsUrl, index: 0 }],
            NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
            'saml20.sign.assertion': sp.signAssertion ?? true,
            'saml20.sign.response': sp.signResponse ?? false,
            'signature.algorithm': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
            ...(sp.assertionLifetimeSeconds === undefined ? {} : { 'assertion.lifetime': sp.assertionLifetimeSeconds }),
          })};`,
      )
      .join('\n')}\n`,
  );
  let output = '';
  const child: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: at('config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => (output += String(c)));
  child.stderr?.on('data', (c) => (output += String(c)));
  const metadataUrl = `${baseUrl}/saml2/idp/metadata.php`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`php -S exited: ${output.slice(-2000)}`);
      return fetch(metadataUrl).then(
        async (res) => res.status === 200 && (await res.text()).includes('EntityDescriptor'),
        () => false,
      );
    },
    PATIENCE_MS,
    'SimpleSAMLphp to serve its metadata',
  );
  return {
    entityId,
    metadataUrl,
    baseUrl,
    cert: readFileSync(at('cert/idp.crt'), 'utf8'),
    key: readFileSync(at('cert/idp.key'), 'utf8'),
    idpInitiatedUrl: (sp) => `${baseUrl}/saml2/idp/SSOService.php?spentityid=${encodeURIComponent(sp)}`,
    log: () => output + (existsSync(at('log/simplesamlphp.log')) ? readFileSync(at('log/simplesamlphp.log'), 'utf8') : ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
