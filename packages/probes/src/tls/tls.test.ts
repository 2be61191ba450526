import { createTestCertificates, freePort, type TestCertificates } from '@upmon/testing';
import { listenTcp, listenTls, silent, testContext, type TestServer } from '../../test/probe-servers.js';
import { tlsKind } from './index.js';
import { tlsConfigSchema } from './tls-schema.js';

let certs: TestCertificates;
let ctx: ReturnType<typeof testContext>;
const blockedCtx = testContext({ allowCidrs: [] });
const servers: TestServer[] = [];

beforeAll(() => {
  certs = createTestCertificates();
  ctx = testContext({ caCert: certs.caCert });
});
afterAll(async () => {
  for (const s of servers) await s.close();
  ctx.destroy();
  blockedCtx.destroy();
  certs.cleanup();
});

async function serveCert(cert: ReturnType<TestCertificates['leaf']>): Promise<number> {
  const s = await listenTls(cert);
  servers.push(s);
  return s.port;
}

function probe(input: Record<string, unknown>, context = ctx) {
  const { error, value } = tlsConfigSchema.validate(input);
  if (error) throw error;
  return tlsKind.probe(tlsKind.fromJson(value), context);
}

describe('tls probes against real servers', () => {
  it('a valid certificate: up, reporting subject, issuer, SANs and expiry, with the phases', async () => {
    const port = await serveCert(certs.leaf({ days: 90 }));
    const r = await probe({ host: 'localhost', port });
    expect(r).toMatchObject({ ok: true, warning: false, failure: null, method: 'TLS' });
    expect(r.explanation).toMatch(/^certificate valid, expires \d{4}-\d\d-\d\d \(in 8[89] days\): CN=localhost, issued by CN=upmon test CA$/);
    expect(r.certificate).toMatchObject({ subject: 'CN=localhost', issuer: 'CN=upmon test CA', sans: ['DNS:localhost', 'IP Address:127.0.0.1'] });
    expect(r.certificate?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(r.phases).toMatchObject({ dnsMs: expect.any(Number), connectMs: expect.any(Number), tlsMs: expect.any(Number), firstByteMs: null });
  });

  it('an IP address is verified against the IP SANs, without SNI', async () => {
    const port = await serveCert(certs.leaf({ days: 90 }));
    expect((await probe({ host: '127.0.0.1', port })).ok).toBe(true);
  });

  it('expiry within days_before_expiry fails (unlike the https warning)', async () => {
    const port = await serveCert(certs.leaf({ days: 10 }));
    const r = await probe({ host: 'localhost', port, days_before_expiry: 14 });
    expect(r).toMatchObject({ ok: false, warning: false, failure: null });
    expect(r.explanation).toMatch(/^certificate expires \d{4}-\d\d-\d\d \(in 9 days\), within the 14 days allowed$/);
    expect((await probe({ host: 'localhost', port, days_before_expiry: 7 })).ok).toBe(true);
  });

  it.each([
    ['expired', () => certs.leaf({ days: -1 }), 'TLS error: certificate has expired'],
    ['self-signed', () => certs.selfSigned(), 'TLS error: self-signed certificate'],
  ])('an %s certificate fails, and its details are still reported', async (_n, cert, explanation) => {
    const port = await serveCert(cert());
    const r = await probe({ host: 'localhost', port });
    expect(r).toMatchObject({ ok: false, failure: 'tls', explanation });
    expect(r.certificate?.subject).toBe('CN=localhost');
  });

  it('a name mismatch fails naming the names the certificate has; SNI decides the name', async () => {
    const port = await serveCert(certs.leaf({ days: 90, hosts: ['other.example'] }));
    const r = await probe({ host: 'localhost', port });
    expect(r).toMatchObject({ ok: false, failure: 'tls' });
    expect(r.explanation).toMatch(/^TLS error: certificate is not valid for localhost \(its names: DNS:other\.example\)$/);
    expect((await probe({ host: 'localhost', port, sni: 'other.example' })).ok).toBe(true);
  });

  it('a server that does not speak TLS times out, a closed port is refused, loopback is blocked by default', async () => {
    const s = await listenTcp(silent);
    servers.push(s);
    expect(await probe({ host: '127.0.0.1', port: s.port, timeout_sec: 1 })).toMatchObject({ ok: false, failure: 'timeout', explanation: 'timeout after 1 s' });
    expect(await probe({ host: '127.0.0.1', port: await freePort() })).toMatchObject({ ok: false, failure: 'refused' });
    expect((await probe({ host: 'localhost', port: s.port }, blockedCtx)).explanation).toBe(
      'blocked localhost: loopback address (not in OUTBOUND_ALLOW_CIDRS)',
    );
  });

  it('conditions on certificate days and response time', async () => {
    const port = await serveCert(certs.leaf({ days: 90 }));
    const r = await probe({
      host: 'localhost',
      port,
      conditions: [
        { type: 'certificate_days', operator: 'greater_than', value: 100 },
        { type: 'response_time', operator: 'less_than', value: 60000 },
      ],
    });
    expect(r.ok).toBe(false);
    expect(r.failedConditions).toEqual([expect.stringMatching(/^certificate days left greater than 100 \(was 8[89]\)$/)]);
  });
});

describe('tls_config validation', () => {
  it('defaults and bounds', () => {
    expect(tlsConfigSchema.validate({ host: 'example.com' }).value).toEqual({
      host: 'example.com',
      port: 443,
      days_before_expiry: 14,
      timeout_sec: 10,
      confirmations: 2,
      conditions: [],
    });
    const e = tlsConfigSchema.validate(
      { host: 'example.com', days_before_expiry: 400, sni: '1.2.3.4', conditions: [{ type: 'json_body', operator: 'exists', path: '/a' }] },
      { abortEarly: false },
    );
    expect(e.error?.details.map((d) => d.path.join('.'))).toEqual(['sni', 'days_before_expiry', 'conditions.0.type']);
  });
});

describe('tls names', () => {
  it('an IP address is checked against IP SANs (not against "localhost"), a name against DNS SANs', async () => {
    const ipOnly = await serveCert(certs.leaf({ days: 90, hosts: ['127.0.0.1'] }));
    expect((await probe({ host: '127.0.0.1', port: ipOnly })).ok).toBe(true);
    const r = await probe({ host: 'localhost', port: ipOnly });
    expect(r.explanation).toBe('TLS error: certificate is not valid for localhost (its names: IP Address:127.0.0.1)');
    const wildcard = await serveCert(certs.leaf({ days: 90, hosts: ['*.example.test'] }));
    expect((await probe({ host: '127.0.0.1', port: wildcard, sni: 'api.example.test' })).ok).toBe(true);
    expect((await probe({ host: '127.0.0.1', port: wildcard, sni: 'a.b.example.test' })).ok).toBe(false);
  });
});
