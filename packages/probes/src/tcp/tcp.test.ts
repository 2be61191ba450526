import { createTestCertificates, freePort, type TestCertificates } from '@upmon/testing';
import { answer, banner, echo, listenTcp, listenTls, silent, testContext, type TestServer } from '../../test/probe-servers.js';
import { tcpKind } from './index.js';
import { tcpConfigSchema } from './tcp-schema.js';

let certs: TestCertificates;
const servers: TestServer[] = [];
const ctx = testContext();
let tlsCtx: ReturnType<typeof testContext>;
const blockedCtx = testContext({ allowCidrs: [] });

beforeAll(() => {
  certs = createTestCertificates();
  tlsCtx = testContext({ caCert: certs.caCert });
});
afterAll(async () => {
  for (const s of servers) await s.close();
  ctx.destroy();
  tlsCtx.destroy();
  blockedCtx.destroy();
  certs.cleanup();
});

async function serve(server: Promise<TestServer>): Promise<TestServer> {
  const s = await server;
  servers.push(s);
  return s;
}

/** Validates like the API, then probes as the prober does. */
function probe(input: Record<string, unknown>, context = ctx) {
  const { error, value } = tcpConfigSchema.validate(input);
  if (error) throw error;
  return tcpKind.probe(tcpKind.fromJson(value), context);
}

describe('tcp probes against real servers', () => {
  it('an open port is up, with connect timed and no DNS for an IP address', async () => {
    const s = await serve(listenTcp(echo));
    const r = await probe({ host: '127.0.0.1', port: s.port });
    expect(r).toMatchObject({ ok: true, warning: false, explanation: `port ${s.port} open`, failure: null, method: 'TCP', certificate: null });
    expect(r.phases.dnsMs).toBeNull();
    expect(r.phases.connectMs).toEqual(expect.any(Number));
    expect(r.phases.totalMs).toBeGreaterThanOrEqual(r.phases.connectMs ?? 0);
  });

  it('a host name is resolved (dns phase) through the guard', async () => {
    const s = await serve(listenTcp(echo));
    const r = await probe({ host: 'localhost', port: s.port });
    expect(r.ok).toBe(true);
    expect(r.phases.dnsMs).toEqual(expect.any(Number));
  });

  it('sends its bytes and waits for the expected text (first byte timed)', async () => {
    const s = await serve(listenTcp(echo));
    const r = await probe({ host: '127.0.0.1', port: s.port, send: 'PING\r\n', expect: 'PING' });
    expect(r).toMatchObject({ ok: true, explanation: `port ${s.port} open, "PING" received` });
    expect(r.phases.firstByteMs).toEqual(expect.any(Number));
  });

  it('hex bytes are sent as bytes', async () => {
    const s = await serve(listenTcp(echo));
    const r = await probe({ host: '127.0.0.1', port: s.port, send: '48454c4c4f', send_format: 'hex', expect: 'HELLO' });
    expect(r.ok).toBe(true);
  });

  it('a greeting is expected without sending anything (SMTP banner)', async () => {
    const s = await serve(listenTcp(banner('220 mail ready\r\n')));
    expect((await probe({ host: '127.0.0.1', port: s.port, expect: '220 ' })).ok).toBe(true);
  });

  it('another answer fails and shows what came', async () => {
    const s = await serve(listenTcp(answer('-NOAUTH Authentication required.\r\n')));
    const r = await probe({ host: '127.0.0.1', port: s.port, send: 'PING\r\n', expect: '+PONG' });
    expect(r).toMatchObject({ ok: false, failure: null });
    expect(r.explanation).toBe(`port ${s.port} open, but "+PONG" not received (got "-NOAUTH Authentication required.\\n")`);
  });

  it('a server that closes without a word', async () => {
    const s = await serve(listenTcp((socket) => socket.end()));
    const r = await probe({ host: '127.0.0.1', port: s.port, expect: 'hello' });
    expect(r.explanation).toBe(`port ${s.port} open, but "hello" not received (got nothing)`);
  });

  it('a closed port is refused', async () => {
    const r = await probe({ host: '127.0.0.1', port: await freePort() });
    expect(r).toMatchObject({ ok: false, failure: 'refused', explanation: 'connection refused' });
  });

  it('a silent server times out after the timeout, the whole probe included', async () => {
    const s = await serve(listenTcp(silent));
    const started = Date.now();
    const r = await probe({ host: '127.0.0.1', port: s.port, expect: 'hi', timeout_sec: 1 });
    expect(r).toMatchObject({ ok: false, failure: 'timeout', explanation: 'timeout after 1 s' });
    expect(Date.now() - started).toBeLessThan(10_000); // the server stays silent forever
  });

  it('a name that does not resolve', async () => {
    const r = await probe({ host: 'nosuch.invalid', port: 80 });
    expect(r).toMatchObject({ ok: false, failure: 'dns' });
    expect(r.explanation).toMatch(/^DNS error: .*nosuch\.invalid/);
  });

  it('the outbound guard refuses loopback unless allowed, before connecting', async () => {
    const s = await serve(listenTcp(echo));
    for (const host of ['127.0.0.1', 'localhost']) {
      const r = await probe({ host, port: s.port }, blockedCtx);
      expect(r).toMatchObject({ ok: false, failure: 'blocked' });
      expect(r.explanation).toBe(`blocked ${host}: loopback address (not in OUTBOUND_ALLOW_CIDRS)`);
    }
    const metadata = await probe({ host: '169.254.169.254', port: 80 }, ctx);
    expect(metadata.explanation).toContain('cloud metadata');
    expect(s.connections).toBe(0);
  });

  it('a response-time condition fails with its value named', async () => {
    const s = await serve(listenTcp(echo));
    const r = await probe({ host: '127.0.0.1', port: s.port, conditions: [{ type: 'response_time', operator: 'greater_than', value: 60000 }] });
    expect(r.ok).toBe(false);
    expect(r.failedConditions).toEqual([expect.stringMatching(/^response time greater than 60000 ms \(was \d+\)$/)]);
    expect(r.explanation).toMatch(new RegExp(`^port ${s.port} open; condition failed: response time greater than 60000 ms`));
  });
});

describe('tcp probes with TLS', () => {
  it('a valid certificate: up, with its details and a tls phase', async () => {
    const s = await serve(listenTls(certs.leaf({ days: 365 })));
    const r = await probe({ host: 'localhost', port: s.port, tls: true, send: 'a1 NOOP\r\n', expect: 'a1' }, tlsCtx);
    expect(r).toMatchObject({ ok: true, warning: false, explanation: `port ${s.port} open (TLS), "a1" received` });
    expect(r.phases.tlsMs).toEqual(expect.any(Number));
    expect(r.certificate).toMatchObject({ subject: 'CN=localhost', issuer: 'CN=upmon test CA', sans: ['DNS:localhost', 'IP Address:127.0.0.1'] });
  });

  it('a certificate expiring soon is a warning', async () => {
    const s = await serve(listenTls(certs.leaf({ days: 5 })));
    const r = await probe({ host: 'localhost', port: s.port, tls: true }, tlsCtx);
    expect(r).toMatchObject({ ok: true, warning: true });
    expect(r.explanation).toMatch(/^port \d+ open \(TLS\), certificate expires \d{4}-\d\d-\d\d \(in [45] days\)$/);
  });

  it.each([
    ['expired', () => certs.leaf({ days: -1 }), /certificate has expired/],
    ['self-signed', () => certs.selfSigned(), /self[- ]signed certificate/],
    [
      'for another host',
      () => certs.leaf({ days: 365, hosts: ['other.example'] }),
      /^TLS error: certificate is not valid for localhost \(its names: DNS:other.example\)$/,
    ],
  ])('a certificate %s fails with a TLS error and nothing is sent', async (_name, cert, message) => {
    let received = '';
    const s = await serve(
      listenTls(cert(), (socket) => {
        socket.on('data', (d) => (received += d.toString()));
      }),
    );
    const r = await probe({ host: 'localhost', port: s.port, tls: true, send: 'secret\r\n' }, tlsCtx);
    expect(r).toMatchObject({ ok: false, failure: 'tls' });
    expect(r.explanation).toMatch(/^TLS error: /);
    expect(r.explanation).toMatch(message);
    expect(r.certificate).not.toBeNull();
    await new Promise((res) => setTimeout(res, 50));
    expect(received).toBe('');
  });

  it('a certificate-days condition', async () => {
    const s = await serve(listenTls(certs.leaf({ days: 365 })));
    const r = await probe(
      { host: 'localhost', port: s.port, tls: true, conditions: [{ type: 'certificate_days', operator: 'greater_than', value: 400 }] },
      tlsCtx,
    );
    expect(r.failedConditions).toEqual([expect.stringMatching(/^certificate days left greater than 400 \(was 36[45]\)$/)]);
  });
});

describe('tcp_config validation', () => {
  const errors = (input: Record<string, unknown>) => tcpConfigSchema.validate(input, { abortEarly: false }).error?.details.map((d) => d.path.join('.'));
  it('applies defaults', () => {
    expect(tcpConfigSchema.validate({ host: 'DB.example.com', port: 5432 }).value).toEqual({
      host: 'db.example.com',
      port: 5432,
      tls: false,
      send_format: 'text',
      timeout_sec: 10,
      confirmations: 2,
      conditions: [],
    });
  });
  it('refuses bad hosts, ports, hex and TLS options without TLS', () => {
    expect(errors({ host: 'a b', port: 0 })).toEqual(['host', 'port']);
    expect(errors({ host: 'x.example', port: 1, send: 'zz', send_format: 'hex' })).toEqual(['send']);
    expect(errors({ host: 'x.example', port: 1, sni: 'y.example' })).toEqual(['sni']);
    expect(errors({ host: 'x.example', port: 1, tls: true, sni: '10.0.0.1' })).toEqual(['sni']);
    expect(errors({ host: 'x'.repeat(300), port: 1 })).toEqual(['host']);
    expect(errors({ host: 'x.example', port: 1, send: 'é'.repeat(4000) })).toEqual(['send']);
  });
  it('a certificate-days condition needs TLS', () => {
    const condition = { type: 'certificate_days', operator: 'greater_than', value: 14 };
    expect(tcpConfigSchema.validate({ host: 'x.example', port: 1, conditions: [condition] }).error?.message).toBe('a certificate_days condition needs tls');
    expect(tcpConfigSchema.validate({ host: 'x.example', port: 1, tls: true, conditions: [condition] }).error).toBeUndefined();
  });
});
