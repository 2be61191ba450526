import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { loadProberConfig } from '@upmon/config';
import { createPrismaClient, type Check, type PrismaClient } from '@upmon/db';
import { createLogger } from '@upmon/logger';
import { Queues } from '@upmon/queue';
import { createRedis, type RunningService } from '@upmon/service-kit';
import {
  createTestCertificates,
  createTestDatabase,
  dropRedisPrefix,
  freePort,
  makeProbeCheck,
  makeProject,
  openPingBody,
  startDnsServer,
  testRedisPrefix,
  testRedisUrl,
  TEST_ENCRYPTION_KEY,
  type DnsServer,
  type TestCertificates,
  type TestDatabase,
  probeJobDone,
} from '@upmon/testing';
import type { Redis } from 'ioredis';
import { startProber } from '../src/start-prober.js';

// tcp, dns and tls checks through the real `probes` queue to an in-process prober: pings with
// phases, the state machine with confirmations, rollups and the kept certificate.
let db: TestDatabase;
let prisma: PrismaClient;
let certs: TestCertificates;
let redis: Redis;
let queues: Queues;
let prober: RunningService;
let dns: DnsServer;
const prefix = testRedisPrefix();
const closers: (() => void)[] = [];
let projectId: string;
let echoPort: number;
let tlsPort: number;

function listen(server: net.Server): Promise<number> {
  closers.push(() => server.close());
  server.on('connection', (s: net.Socket) => closers.push(() => s.destroy()));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 3 });
  redis = createRedis(testRedisUrl(), 'producer');
  certs = createTestCertificates();
  echoPort = await listen(net.createServer((s) => s.pipe(s)));
  const leaf = certs.leaf({ days: 120 });
  tlsPort = await listen(tls.createServer({ cert: leaf.cert, key: leaf.key }, (s) => s.pipe(s)));
  dns = await startDnsServer({ 'svc.test': { A: [{ address: '93.184.216.34' }] } });
  projectId = (await makeProject(prisma)).id;
  const config = loadProberConfig({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    PROBER_PORT: String(await freePort()),
    PROBER_USER_AGENT: 'upmon-test-prober/9',
    HTTP_HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: '5',
  });
  prober = await startProber(config, createLogger({ service: 'prober', level: 'silent' }), { certificateAuthority: certs.caCert });
  queues = new Queues(redis, prefix);
});

afterAll(async () => {
  await prober?.stop();
  await queues?.close();
  redis?.disconnect();
  for (const close of closers) close();
  await dns?.close();
  await prisma?.$disconnect();
  await db?.drop();
  await dropRedisPrefix(prefix);
  certs?.cleanup();
});

let seq = 0;
async function probe(check: Check): Promise<void> {
  const scheduledAt = new Date(Date.now() + ++seq).toISOString();
  await queues.enqueue('probes', { checkId: check.id, scheduledAt });
  await probeJobDone(queues, `probe-${check.id}-${Date.parse(scheduledAt)}`);
}

async function lastPing(checkId: string) {
  const p = await prisma.ping.findFirstOrThrow({ where: { checkId }, orderBy: { id: 'desc' } });
  return {
    type: p.type,
    method: p.method,
    body: p.body ? openPingBody(checkId, p.body) : '',
    durationMs: p.durationMs,
    dnsMs: p.dnsMs,
    connectMs: p.connectMs,
    tlsMs: p.tlsMs,
    firstByteMs: p.firstByteMs,
  };
}
const flipsOf = async (id: string) =>
  (await prisma.flip.findMany({ where: { checkId: id }, orderBy: { id: 'asc' } })).map((f) => `${f.oldStatus}->${f.newStatus}:${f.reason}`);

describe('probed kinds through the prober', () => {
  it('tcp: the ping carries the phases, and the send bytes (a secret) are decrypted for the probe', async () => {
    const check = await makeProbeCheck(prisma, projectId, 'tcp', { host: '127.0.0.1', port: echoPort, send: 'PING\n', expect: 'PING' });
    const row = await prisma.check.findUniqueOrThrow({ where: { id: check.id } });
    expect(JSON.stringify(row.tcpConfig)).not.toContain('PING\\n');
    expect(row.tcpSecrets).not.toBeNull();
    await probe(check);
    const p = await lastPing(check.id);
    expect(p).toMatchObject({ type: 'success', method: 'TCP', body: `port ${echoPort} open, "PING" received`, dnsMs: null, tlsMs: null });
    expect(p.connectMs).toEqual(expect.any(Number));
    expect(p.firstByteMs).toEqual(expect.any(Number));
    expect(p.durationMs).toBeGreaterThanOrEqual(p.connectMs ?? 0);
    expect(await flipsOf(check.id)).toEqual(['new->up:ping']);
    const rollups = await prisma.probeRollup.findMany({ where: { checkId: check.id }, orderBy: { resolution: 'asc' } });
    expect(rollups.map((r) => [r.resolution, r.probes, r.answered])).toEqual([
      [5, 1, 1],
      [60, 1, 1],
    ]);
  });

  it('tcp: a closed port goes late, then down at its confirmations', async () => {
    const check = await makeProbeCheck(prisma, projectId, 'tcp', { host: '127.0.0.1', port: await freePort(), confirmations: 2 });
    await probe(check);
    await probe(check);
    expect(await lastPing(check.id)).toMatchObject({ type: 'fail', body: 'connection refused' });
    expect(await flipsOf(check.id)).toEqual(['new->late:fail', 'late->down:fail']);
    const [fiveMinute] = await prisma.probeRollup.findMany({ where: { checkId: check.id, resolution: 5 } });
    expect(fiveMinute).toMatchObject({ probes: 2, failures: 2, answered: 0 });
  });

  it('dns: asks the configured resolver', async () => {
    const check = await makeProbeCheck(prisma, projectId, 'dns', { name: 'svc.test', resolver: `127.0.0.1:${dns.port}`, expected: ['93.184.216.34'] });
    await probe(check);
    expect(await lastPing(check.id)).toMatchObject({ type: 'success', method: 'DNS', body: 'A svc.test: 93.184.216.34' });
    expect(dns.questions).toContain('A svc.test');
  });

  it('tls: the certificate is kept for the check page', async () => {
    const check = await makeProbeCheck(prisma, projectId, 'tls', { host: 'localhost', port: tlsPort });
    await probe(check);
    const p = await lastPing(check.id);
    expect(p.type).toBe('success');
    expect(p.body).toMatch(/^certificate valid, expires .* \(in 1(19|20) days\): CN=localhost, issued by CN=upmon test CA$/);
    expect(p.tlsMs).toEqual(expect.any(Number));
    const kept = await prisma.checkCertificate.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(kept).toMatchObject({ subject: 'CN=localhost', issuer: 'CN=upmon test CA', sans: ['DNS:localhost', 'IP Address:127.0.0.1'] });
  });
});
