import { createTestCertificates, type TestCertificates } from '@upmon/testing';
import { listenHttp, testContext, type TestServer } from '../../test/probe-servers.js';
import { httpKind } from './index.js';
import { httpConfigSchema } from './http-schema.js';

let certs: TestCertificates;
let ctx: ReturnType<typeof testContext>;
let plain: TestServer;
let secure: TestServer;

beforeAll(async () => {
  certs = createTestCertificates();
  ctx = testContext({ caCert: certs.caCert });
  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-version': '1.4.2' });
      return res.end(JSON.stringify({ status: 'ok', checks: { db: { latency_ms: 12 } }, queues: ['a', 'b'] }));
    }
    if (req.url === '/html') return res.end('<html>maintenance</html>');
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'down' }));
  };
  plain = await listenHttp(handler);
  secure = await listenHttp(handler, certs.leaf({ days: 200 }));
});
afterAll(async () => {
  await plain.close();
  await secure.close();
  ctx.destroy();
  certs.cleanup();
});

function probe(input: Record<string, unknown>) {
  const { error, value } = httpConfigSchema.validate(input);
  if (error) throw error;
  return httpKind.probe(httpKind.fromJson(value), ctx);
}

describe('http conditions against a real server', () => {
  it('every condition holds: up, with the phases of the request', async () => {
    const r = await probe({
      url: `http://localhost:${plain.port}/health`,
      conditions: [
        { type: 'status_code', operator: 'equals', value: 200 },
        { type: 'json_body', path: '$.status', operator: 'equals', value: 'ok' },
        { type: 'json_body', path: '/checks/db/latency_ms', operator: 'less_than', value: 100 },
        { type: 'json_body', path: '$.queues', operator: 'contains', value: 'b' },
        { type: 'header', name: 'X-Version', operator: 'equals', value: '1.4.2' },
        { type: 'response_time', operator: 'less_than', value: 30000 },
      ],
    });
    expect(r).toMatchObject({ ok: true, warning: false, explanation: 'HTTP 200', failedConditions: [], method: 'GET', failure: null, certificate: null });
    expect(r.phases).toMatchObject({ dnsMs: expect.any(Number), connectMs: expect.any(Number), tlsMs: null, firstByteMs: expect.any(Number) });
  });

  it('each failing condition is named after the status', async () => {
    const r = await probe({
      url: `http://127.0.0.1:${plain.port}/health`,
      conditions: [
        { type: 'json_body', path: '$.status', operator: 'equals', value: 'degraded' },
        { type: 'header', name: 'x-version', operator: 'contains', value: '2.' },
      ],
    });
    expect(r.ok).toBe(false);
    expect(r.failedConditions).toEqual(['body $.status equals "degraded" (was "ok")', 'header x-version contains "2." (was "1.4.2")']);
    expect(r.explanation).toBe('HTTP 200; 2 conditions failed: body $.status equals "degraded" (was "ok"); header x-version contains "2." (was "1.4.2")');
  });

  it('an unexpected status keeps its words, and the conditions are still evaluated', async () => {
    const r = await probe({
      url: `http://127.0.0.1:${plain.port}/down`,
      conditions: [{ type: 'json_body', path: '/status', operator: 'equals', value: 'ok' }],
    });
    expect(r.explanation).toBe('HTTP 503 (expected 2xx,3xx); condition failed: body /status equals "ok" (was "down")');
  });

  it('a body that is not JSON fails the JSON conditions with a clear reason', async () => {
    const r = await probe({ url: `http://127.0.0.1:${plain.port}/html`, conditions: [{ type: 'json_body', path: '/status', operator: 'exists' }] });
    expect(r.ok).toBe(false);
    expect(r.failedConditions[0]).toMatch(/^body \/status exists \(body is not JSON: /);
  });

  it('HEAD reads no body: JSON conditions say so', async () => {
    const r = await probe({
      url: `http://127.0.0.1:${plain.port}/health`,
      method: 'HEAD',
      conditions: [{ type: 'json_body', path: '/status', operator: 'exists' }],
    });
    expect(r.failedConditions).toEqual(['body /status exists (no body read)']);
  });

  it('https: tls phase, certificate details and a certificate-days condition', async () => {
    const r = await probe({ url: `https://localhost:${secure.port}/health`, conditions: [{ type: 'certificate_days', operator: 'greater_than', value: 300 }] });
    expect(r.phases.tlsMs).toEqual(expect.any(Number));
    expect(r.certificate).toMatchObject({ subject: 'CN=localhost', issuer: 'CN=upmon test CA' });
    expect(r.failedConditions).toEqual([expect.stringMatching(/^certificate days left greater than 300 \(was 19[89]\)$/)]);
  });

  it('an http config without conditions is stored exactly as before they existed', () => {
    expect(httpConfigSchema.validate({ url: 'https://example.com' }).value).not.toHaveProperty('conditions');
  });
});
