import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  cert: string;
  key: string;
}

export interface TestCertificates {
  /** PEM of the test CA: trust it with got's `https.certificateAuthority` or NODE_EXTRA_CA_CERTS. */
  caCert: string;
  /** Path of the CA PEM file (for NODE_EXTRA_CA_CERTS). */
  caPath: string;
  /**
   * A leaf signed by the CA for `hosts` (DNS names or IPs). `days` < 0 gives a certificate that
   * has already expired (notAfter before notBefore, which verification reports as expired).
   */
  leaf(opts: { days: number; hosts?: string[] }): TestCertificate;
  /** A self-signed certificate no CA vouches for. */
  selfSigned(opts?: { days?: number; hosts?: string[] }): TestCertificate;
  cleanup(): void;
}

/** Certificates for local HTTPS test servers, made with the openssl CLI in a temp dir. */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'upmon-certs-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run(['req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '30', '-subj', '/CN=upmon test CA']);
  let n = 0;
  const san = (hosts: string[]) => `subjectAltName=${hosts.map((h) => (/^[\d.]+$|:/.test(h) ? `IP:${h}` : `DNS:${h}`)).join(',')}\n`;
  const files = (name: string) => ({ cert: readFileSync(path.join(dir, `${name}.crt`), 'utf8'), key: readFileSync(path.join(dir, `${name}.key`), 'utf8') });
  return {
    caCert: readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
    caPath: path.join(dir, 'ca.crt'),
    leaf({ days, hosts = ['localhost', '127.0.0.1'] }) {
      const name = `leaf${++n}`;
      writeFileSync(path.join(dir, `${name}.ext`), san(hosts));
      run(['req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${hosts[0]}`]);
      run([
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-days',
        String(days),
        '-extfile',
        `${name}.ext`,
        '-out',
        `${name}.crt`,
      ]);
      return files(name);
    },
    selfSigned({ days = 30, hosts = ['localhost', '127.0.0.1'] } = {}) {
      const name = `self${++n}`;
      run([
        'req',
        '-x509',
        ...ecKey,
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.crt`,
        '-days',
        String(days),
        '-subj',
        `/CN=${hosts[0]}`,
        '-addext',
        san(hosts).trim(),
      ]);
      return files(name);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
