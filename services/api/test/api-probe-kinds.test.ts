import { withPgTransaction } from '@upmon/db';
import { PROBE_COLUMNS, writeCertificates, writeProbeRollups } from '@upmon/check-store';
import { PROBED_KINDS } from '@upmon/core';
import { AAD, createCipher } from '@upmon/crypto';
import { PROBE_KINDS } from '@upmon/probes';
import { makeProjectWithKeys, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

// tcp, dns and tls checks and conditions through /api/v1 (every response is checked against the
// OpenAPI document by the harness: the contract test of these additions).
let h: Harness;
let rw: string;
let otherRw: string;
const now = new Date();

beforeAll(async () => {
  h = await startHarness({}, { now: () => now });
  rw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
  otherRw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
});
afterAll(() => h.close());
beforeEach(() => h.resetRateLimits());

const cipher = createCipher(TEST_ENCRYPTION_KEY);
const create = (body: Record<string, unknown>, key = rw) => h.call('POST', '/checks', { key, body });
const probed = (kind: string, config: Record<string, unknown>) => heartbeatBody({ kind, [`${kind}_config`]: config });

// Every kind of the registry: a new kind is tried here without a new test.
describe.each(PROBED_KINDS.map((kind) => [kind]))('probe kind %s', (kind) => {
  test('created from its sample config: its settings stored plain, its secret fields sealed, neither returned', async () => {
    const definition = PROBE_KINDS[kind];
    const res = await create(probed(kind, { ...definition.sampleConfig }));
    expect(res.status).toBe(201);
    expect(res.body.data.kind).toBe(kind);
    expect(res.body.data).not.toHaveProperty(definition.configField);
    const row = (await h.prisma.check.findUniqueOrThrow({ where: { id: res.body.data.id } })) as unknown as Record<string, unknown>;
    const columns = PROBE_COLUMNS[kind];
    const settings = row[columns.config] as Record<string, unknown>;
    for (const field of definition.secretFields) expect(settings).not.toHaveProperty(field);
    const sealed = columns.secrets ? (row[columns.secrets] as Uint8Array | null) : null;
    const secrets = sealed ? (cipher.decryptJson(sealed, AAD.checkProbeSecrets(kind, res.body.data.id)) as Record<string, unknown>) : {};
    expect({ ...settings, ...secrets }).toEqual(definition.schema.validate(definition.sampleConfig).value);
  });
});

describe('tcp, dns and tls checks', () => {
  test('tcp: stored with defaults, the bytes to send encrypted, never returned', async () => {
    const res = await create(probed('tcp', { host: 'Redis.Example.com', port: 6379, send: 'AUTH s3cret\r\nPING\r\n', expect: '+PONG' }));
    expect(res.status).toBe(201);
    expect(res.body.data.kind).toBe('tcp');
    expect(res.body.data).not.toHaveProperty('tcp_config');
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.tcpConfig).toEqual({
      host: 'redis.example.com',
      port: 6379,
      tls: false,
      send_format: 'text',
      expect: '+PONG',
      timeout_sec: 10,
      confirmations: 2,
      conditions: [],
    });
    expect(JSON.stringify(row.tcpConfig)).not.toContain('s3cret');
    expect(cipher.decryptJson(row.tcpSecrets as Uint8Array, AAD.checkProbeSecrets('tcp', row.id))).toEqual({ send: 'AUTH s3cret\r\nPING\r\n' });
    expect(row.nextProbeAt).toBeNull();
  });

  test('dns and tls: stored with defaults, no secrets', async () => {
    const dns = await create(probed('dns', { name: 'example.com', record_type: 'MX', expected: ['mail.example.com'], resolver: '192.0.2.53:5353' }));
    expect(dns.status).toBe(201);
    const dnsRow = await h.prisma.check.findUniqueOrThrow({ where: { id: dns.body.data.id } });
    expect(dnsRow.dnsConfig).toMatchObject({ name: 'example.com', record_type: 'MX', match: 'any', timeout_sec: 5 });
    const tls = await create(probed('tls', { host: 'example.com', conditions: [{ type: 'certificate_days', operator: 'greater_than', value: 20 }] }));
    expect(tls.status).toBe(201);
    const tlsRow = await h.prisma.check.findUniqueOrThrow({ where: { id: tls.body.data.id } });
    expect(tlsRow.tlsConfig).toEqual({
      host: 'example.com',
      port: 443,
      days_before_expiry: 14,
      timeout_sec: 10,
      confirmations: 2,
      conditions: [{ type: 'certificate_days', operator: 'greater_than', value: 20 }],
    });
  });

  test.each([
    ['tcp without its config', heartbeatBody({ kind: 'tcp' }), 'tcp_config', /required/],
    [
      'a config of another kind',
      heartbeatBody({ kind: 'tcp', tcp_config: { host: 'a.example', port: 1 }, dns_config: { name: 'a.example' } }),
      'dns_config',
      /only allowed for kind dns/,
    ],
    ['tcp port 0', probed('tcp', { host: 'a.example', port: 0 }), 'tcp_config.port', /^must be at least 1$/],
    ['tcp host with a space', probed('tcp', { host: 'a b', port: 1 }), 'tcp_config.host', /host name or an IP/],
    ['dns type PTR', probed('dns', { name: 'a.example', record_type: 'PTR' }), 'dns_config.record_type', /must be one of/],
    ['dns resolver a name', probed('dns', { name: 'a.example', resolver: 'dns.example' }), 'dns_config.resolver', /IP address/],
    ['tls SNI an IP', probed('tls', { host: 'a.example', sni: '10.0.0.1' }), 'tls_config.sni', /not an IP/],
    [
      'a condition type the kind cannot answer',
      probed('dns', { name: 'a.example', conditions: [{ type: 'status_code', operator: 'equals', value: 200 }] }),
      'dns_config.conditions.0.type',
      /must be/,
    ],
    ['min_run_sec on a probed kind', probed('tls', { host: 'a.example' }), 'min_run_sec', /only allowed for kind heartbeat/],
  ])('422 for %s', async (_name, body, field, message) => {
    const res = await create(_name === 'min_run_sec on a probed kind' ? { ...body, min_run_sec: 60 } : body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  test('http conditions are validated and stored; a bad path is named', async () => {
    const conditions = [{ type: 'json_body', path: '$.status', operator: 'equals', value: 'ok' }];
    const ok = await create(heartbeatBody({ kind: 'http', http_config: { url: 'https://example.com', conditions } }));
    expect(ok.status).toBe(201);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id: ok.body.data.id } });
    expect((row.httpConfig as Record<string, unknown>).conditions).toEqual(conditions);
    const bad = await create(
      heartbeatBody({ kind: 'http', http_config: { url: 'https://example.com', conditions: [{ type: 'json_body', path: '$..x', operator: 'exists' }] } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors['http_config.conditions.0.path']).toEqual([expect.stringMatching(/recursive descent/)]);
  });

  test('PATCH replaces the config, keeps the kind, and makes the check due for a probe', async () => {
    const id = (await create(probed('tcp', { host: 'a.example', port: 22, send: 'x' }))).body.data.id;
    await h.prisma.check.update({ where: { id }, data: { nextProbeAt: new Date() } });
    const res = await h.call('PATCH', `/checks/${id}`, { key: rw, body: { kind: 'dns', tcp_config: { host: 'b.example', port: 23 } } });
    expect(res.status).toBe(200);
    const row = await h.prisma.check.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ kind: 'tcp', nextProbeAt: null, tcpSecrets: null });
    expect(row.tcpConfig).toMatchObject({ host: 'b.example', port: 23 });
    const unchanged = await h.call('PATCH', `/checks/${id}`, { key: rw, body: { name: 'renamed' } });
    expect(unchanged.status).toBe(200);
    expect((await h.prisma.check.findUniqueOrThrow({ where: { id } })).tcpConfig).toMatchObject({ host: 'b.example' });
  });
});

describe('the default interval', () => {
  test('a probed check created without a schedule is probed every 60 s; a heartbeat still needs one', async () => {
    for (const [kind, config] of [
      ['http', { url: 'https://example.com/' }],
      ['tcp', { host: 'example.com', port: 25 }],
    ] as const) {
      const res = await create({ name: `no schedule ${kind}`, kind, grace_sec: 60, [`${kind}_config`]: config });
      expect(res.status).toBe(201);
      expect(res.body.data.schedule).toMatchObject({ kind: 'period', period_sec: 60 });
    }
    const heartbeat = await create({ name: 'no schedule', grace_sec: 60 });
    expect(heartbeat.status).toBe(422);
    expect(heartbeat.body.errors).toMatchObject({ schedule: ['is required'] });
  });
});

describe('response times and certificates', () => {
  test('the series of a probed check, from its rollups', async () => {
    const id = (await create(probed('tcp', { host: 'a.example', port: 22 }))).body.data.id;
    const at = new Date(now.getTime() - 3_600_000);
    await withPgTransaction(h.pool, (c) =>
      writeProbeRollups(
        c,
        [100, 120, 140, 800].map((ms, i) => ({
          checkId: id,
          at: new Date(at.getTime() + i * 1000),
          ok: ms < 500,
          answered: true,
          totalMs: ms,
          dnsMs: 1,
          connectMs: 2,
          tlsMs: null,
          firstByteMs: 10,
        })),
      ),
    );
    for (const range of ['24h', '7d', '30d']) {
      const res = await h.call('GET', `/checks/${id}/response-times?range=${range}`, { key: rw });
      expect(res.status).toBe(200);
      const s = res.body.data;
      expect(s.range).toBe(range);
      expect(s.points.length).toBe({ '24h': 144, '7d': 168, '30d': 180 }[range]);
      const withProbes = s.points.filter((p: { probes: number }) => p.probes > 0);
      expect(withProbes.reduce((n: number, p: { probes: number }) => n + p.probes, 0)).toBe(4);
      expect(s.p95_ms).toBeGreaterThan(700);
      expect(s.p50_ms).toBeLessThan(140);
    }
    expect((await h.call('GET', `/checks/${id}/response-times`, { key: rw })).body.data.range).toBe('24h');
    expect((await h.call('GET', `/checks/${id}/response-times?range=1y`, { key: rw })).status).toBe(422);
    expect((await h.call('GET', `/checks/${id}/response-times`, { key: otherRw })).status).toBe(404);
  });

  test('the certificate kept for a check; 404 before one is seen', async () => {
    const id = (await create(probed('tls', { host: 'a.example' }))).body.data.id;
    expect((await h.call('GET', `/checks/${id}/certificate`, { key: rw })).status).toBe(404);
    await withPgTransaction(h.pool, (c) =>
      writeCertificates(c, [
        {
          checkId: id,
          subject: 'CN=a.example',
          issuer: 'CN=Test CA',
          sans: ['DNS:a.example'],
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: new Date(now.getTime() + 10.5 * 86_400_000).toISOString(),
          fingerprint256: 'AB:CD',
          observedAt: now,
        },
      ]),
    );
    const res = await h.call('GET', `/checks/${id}/certificate`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subject: 'CN=a.example', issuer: 'CN=Test CA', sans: ['DNS:a.example'], days_left: 10, fingerprint256: 'AB:CD' });
    expect((await h.call('GET', `/checks/${id}/certificate`, { key: otherRw })).status).toBe(404);
  });
});
