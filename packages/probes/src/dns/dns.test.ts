import { startDnsServer, type DnsServer } from '@upmon/testing';
import { testContext } from '../../test/probe-servers.js';
import { dnsKind } from './index.js';
import { dnsConfigSchema } from './dns-schema.js';
import { parseResolverAddress } from './resolver-address.js';

let server: DnsServer;
let resolver: string;
const ctx = testContext();
const blockedCtx = testContext({ allowCidrs: [] });

beforeAll(async () => {
  server = await startDnsServer({
    'example.test': {
      A: [{ address: '93.184.216.34' }, { address: '93.184.216.35' }],
      AAAA: [{ address: '2606:2800:220:1:248:1893:25c8:1946' }],
      MX: [
        { exchange: 'mail.example.test', priority: 10 },
        { exchange: 'backup.example.test', priority: 20 },
      ],
      TXT: [{ data: 'v=spf1 -all' }, { data: ['google-site-', 'verification=abc'] }],
      NS: [{ ns: 'ns1.example.test' }, { ns: 'ns2.example.test' }],
      SOA: [{ primary: 'ns1.example.test', admin: 'hostmaster.example.test', serial: 2026112601, refresh: 3600, retry: 600, expiration: 604800, minimum: 60 }],
      CAA: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
    },
    'www.example.test': { CNAME: [{ domain: 'example.test' }] },
    '_sip._tcp.example.test': { SRV: [{ priority: 10, weight: 5, port: 5060, target: 'sip.example.test' }] },
    'internal.example.test': { A: [{ address: '10.0.0.5' }] },
    // Answers of an internal zone, through a resolver that knows it (the operator's).
    'mixed.example.test': { A: [{ address: '10.0.0.6' }, { address: '93.184.216.36' }] },
    'db.example.test': { CNAME: [{ domain: 'db.corp' }] },
    'mx.example.test': { MX: [{ exchange: 'mail.internal', priority: 10 }] },
    'ns.example.test': { NS: [{ ns: 'ns1' }] },
    '_ldap._tcp.example.test': { SRV: [{ priority: 0, weight: 0, port: 389, target: 'dc1.home.arpa' }] },
    'soa.example.test': { SOA: [{ primary: 'ns1.lan', admin: 'hostmaster.lan', serial: 1, refresh: 1, retry: 1, expiration: 1, minimum: 1 }] },
    'vault.internal': { TXT: [{ data: 'root-token=s3krt' }], A: [{ address: '93.184.216.37' }] },
  });
  resolver = `127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  ctx.destroy();
  blockedCtx.destroy();
});

function probe(input: Record<string, unknown>, context = ctx) {
  const { error, value } = dnsConfigSchema.validate({ resolver, ...input });
  if (error) throw error;
  return dnsKind.probe(dnsKind.fromJson(value), context);
}

describe('dns probes against a real DNS server', () => {
  it.each([
    ['A', 'example.test', 'A example.test: 93.184.216.34, 93.184.216.35'],
    ['AAAA', 'example.test', 'AAAA example.test: 2606:2800:220:1:248:1893:25c8:1946'],
    ['CNAME', 'www.example.test', 'CNAME www.example.test: example.test'],
    ['MX', 'example.test', 'MX example.test: 10 mail.example.test, 20 backup.example.test'],
    ['TXT', 'example.test', 'TXT example.test: v=spf1 -all, google-site-verification=abc'],
    ['NS', 'example.test', 'NS example.test: ns1.example.test, ns2.example.test'],
    ['SOA', 'example.test', 'SOA example.test: ns1.example.test hostmaster.example.test 2026112601 3600 600 604800 60'],
    ['SRV', '_sip._tcp.example.test', 'SRV _sip._tcp.example.test: 10 5 5060 sip.example.test'],
    ['CAA', 'example.test', 'CAA example.test: 0 issue "letsencrypt.org"'],
  ])('%s records are read and shown', async (type, name, explanation) => {
    const r = await probe({ name, record_type: type });
    expect(r).toMatchObject({ ok: true, warning: false, failure: null, method: 'DNS', explanation, certificate: null });
    expect(r.phases.dnsMs).toEqual(expect.any(Number));
    expect(server.questions).toContain(`${type} ${name}`);
  });

  it('expected values: any of them, or all of them; whole records or their value alone', async () => {
    expect((await probe({ name: 'example.test', expected: ['93.184.216.35', '1.1.1.1'] })).ok).toBe(true);
    const all = await probe({ name: 'example.test', expected: ['93.184.216.35', '1.1.1.1'], match: 'all' });
    expect(all).toMatchObject({ ok: false, failure: null });
    expect(all.explanation).toBe('A example.test: 93.184.216.34, 93.184.216.35 (expected all of: 93.184.216.35, 1.1.1.1; missing 1.1.1.1)');
    const none = await probe({ name: 'example.test', expected: ['1.1.1.1'] });
    expect(none.explanation).toBe('A example.test: 93.184.216.34, 93.184.216.35 (expected any of: 1.1.1.1)');
    expect((await probe({ name: 'example.test', record_type: 'MX', expected: ['mail.example.test.', '20 BACKUP.example.test'], match: 'all' })).ok).toBe(true);
    expect((await probe({ name: 'example.test', record_type: 'AAAA', expected: ['2606:2800:220:1:248:1893:25C8:1946'] })).ok).toBe(true);
    expect((await probe({ name: 'example.test', record_type: 'CAA', expected: ['letsencrypt.org'] })).ok).toBe(true);
    expect((await probe({ name: 'example.test', record_type: 'TXT', expected: ['V=SPF1 -all'] })).ok).toBe(false);
  });

  const noPublic = (type: string, name: string) => `no public ${type} records for ${name} (no such name, none of this type, or only non-public ones)`;

  it('non-public answers of every type are never shown, never confirmed by expected values, and read as no answer', async () => {
    // Only non-public records: the same answer as a name that does not exist, expected or not.
    for (const [name, type] of [
      ['internal.example.test', 'A'],
      ['db.example.test', 'CNAME'],
      ['mx.example.test', 'MX'],
      ['ns.example.test', 'NS'],
      ['_ldap._tcp.example.test', 'SRV'],
      ['soa.example.test', 'SOA'],
      ['nosuch.example.test', 'A'],
    ] as const) {
      expect(await probe({ name, record_type: type })).toMatchObject({ ok: false, failure: null, explanation: noPublic(type, name) });
    }
    expect(await probe({ name: 'internal.example.test', expected: ['10.0.0.5'] })).toMatchObject({
      ok: false,
      explanation: noPublic('A', 'internal.example.test'),
    });
    expect((await probe({ name: 'db.example.test', record_type: 'CNAME', expected: ['db.corp'] })).ok).toBe(false);
    // A mixed answer: the public record shown and matched, the other neither.
    const mixed = await probe({ name: 'mixed.example.test', expected: ['10.0.0.6'] });
    expect(mixed).toMatchObject({ ok: false, explanation: 'A mixed.example.test: a non-public address, 93.184.216.36 (expected any of: 10.0.0.6)' });
    expect((await probe({ name: 'mixed.example.test', expected: ['93.184.216.36'] })).ok).toBe(true);
    // A private name is not even asked about (its TXT records would be shown otherwise).
    const before = server.questions.length;
    expect(await probe({ name: 'vault.internal', record_type: 'TXT' })).toMatchObject({ ok: false, explanation: noPublic('TXT', 'vault.internal') });
    expect(server.questions.length).toBe(before);
  });

  it("a private location's prober (every address allowed) shows its own network's answers", async () => {
    const open = testContext({ allowCidrs: ['0.0.0.0/0', '::/0'] });
    try {
      expect((await probe({ name: 'internal.example.test', expected: ['10.0.0.5'] }, open)).explanation).toBe('A internal.example.test: 10.0.0.5');
      expect((await probe({ name: 'db.example.test', record_type: 'CNAME' }, open)).explanation).toBe('CNAME db.example.test: db.corp');
      expect((await probe({ name: 'vault.internal', record_type: 'TXT' }, open)).explanation).toBe('TXT vault.internal: root-token=s3krt');
    } finally {
      open.destroy();
    }
  });

  it('no such name and no records of the type read the same; SERVFAIL and silence', async () => {
    expect(await probe({ name: 'nosuch.test' })).toMatchObject({ ok: false, failure: null, explanation: noPublic('A', 'nosuch.test') });
    expect(await probe({ name: 'www.example.test', record_type: 'MX' })).toMatchObject({ ok: false, explanation: noPublic('MX', 'www.example.test') });
    expect(await probe({ name: 'servfail.test' })).toMatchObject({
      ok: false,
      failure: 'dns',
      explanation: 'DNS error: the resolver failed to answer (SERVFAIL)',
    });
    const started = Date.now();
    expect(await probe({ name: 'silent.test', timeout_sec: 1 })).toMatchObject({ ok: false, failure: 'timeout', explanation: 'timeout after 1 s' });
    expect(Date.now() - started).toBeLessThan(10_000); // the server stays silent forever
  });

  it('a resolver address passes the outbound guard before any query', async () => {
    const before = server.questions.length;
    const r = await probe({ name: 'example.test' }, blockedCtx);
    expect(r).toMatchObject({ ok: false, failure: 'blocked', explanation: 'blocked 127.0.0.1: loopback address (not in OUTBOUND_ALLOW_CIDRS)' });
    expect((await probe({ name: 'example.test', resolver: '169.254.169.254' })).explanation).toContain('cloud metadata');
    expect(server.questions.length).toBe(before);
  });

  it('a response-time condition', async () => {
    const r = await probe({ name: 'example.test', conditions: [{ type: 'response_time', operator: 'greater_than', value: 60000 }] });
    expect(r.failedConditions).toEqual([expect.stringMatching(/^response time greater than 60000 ms \(was \d+\)$/)]);
  });
});

describe('dns_config validation', () => {
  it('defaults', () => {
    expect(dnsConfigSchema.validate({ name: 'example.com' }).value).toEqual({
      name: 'example.com',
      record_type: 'A',
      expected: [],
      match: 'any',
      timeout_sec: 5,
      confirmations: 2,
      conditions: [],
    });
  });
  it('refuses bad names, types, resolvers and too many values', () => {
    const e = dnsConfigSchema.validate(
      { name: 'bad name', record_type: 'PTR', resolver: 'dns.google', expected: Array.from({ length: 21 }, (_, i) => String(i)) },
      { abortEarly: false },
    );
    expect(e.error?.details.map((d) => d.path.join('.'))).toEqual(['name', 'record_type', 'resolver', 'expected']);
  });
  it.each([
    ['192.0.2.53', { ip: '192.0.2.53', port: 53, server: '192.0.2.53' }],
    ['192.0.2.53:5353', { ip: '192.0.2.53', port: 5353, server: '192.0.2.53:5353' }],
    ['2001:db8::53', { ip: '2001:db8::53', port: 53, server: '2001:db8::53' }],
    ['[2001:db8::53]:5353', { ip: '2001:db8::53', port: 5353, server: '[2001:db8::53]:5353' }],
    ['example.com', null],
    ['1.2.3.4:99999', null],
  ])('resolver %s', (text, parsed) => {
    expect(parseResolverAddress(text)).toEqual(parsed);
  });
});
