import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { Queues } from '@upmon/queue';
import { createRedis } from '@upmon/service-kit';
import {
  createTestDatabase,
  dropRedisPrefix,
  makeHttpCheck,
  makeProject,
  openPingBody,
  startService,
  stubDns,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestDatabase,
  probeJobDone,
} from '@upmon/testing';
import type { Redis } from 'ioredis';

// A built prober process (`pnpm build` first) whose resolver answers with addresses that once made
// the outbound guard throw inside the DNS lookup callback, which ended the process.
const DNS = {
  'translated.test': ['::ffff:0:7f00:1'], // RFC 6145 IPv4-translated 127.0.0.1
  'metadata.test': ['::ffff:0:a9fe:a9fe'], // RFC 6145 169.254.169.254
  'nat64-metadata.test': ['64:ff9b::a9fe:a9fe'],
  'mapped-metadata.test': ['::ffff:169.254.169.254'],
};

let db: TestDatabase;
let prisma: PrismaClient;
let redis: Redis;
let queues: Queues;
let prober: ServiceProcess;
const prefix = testRedisPrefix();

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrismaClient(db.url, { poolSize: 2 });
  redis = createRedis(testRedisUrl(), 'producer');
  queues = new Queues(redis, prefix);
  const dns = stubDns(DNS);
  prober = await startService(
    'prober',
    {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '3',
      // The metadata service's ranges are allowed here, and still no metadata address is reached.
      OUTBOUND_ALLOW_CIDRS: '169.254.0.0/16,64:ff9b::/96,::ffff:0:0/96',
      ...dns.env,
    },
    { nodeArgs: dns.nodeArgs },
  );
});

afterAll(async () => {
  await prober?.stop();
  await queues?.close();
  redis?.disconnect();
  await prisma?.$disconnect();
  await db?.drop();
  await dropRedisPrefix(prefix);
});

async function probeOnce(url: string): Promise<string> {
  const project = await makeProject(prisma);
  const check = await makeHttpCheck(prisma, project.id, { url, confirmations: 1 });
  const scheduledAt = new Date().toISOString();
  await queues.enqueue('probes', { checkId: check.id, scheduledAt });
  const jobId = `probe-${check.id}-${Date.parse(scheduledAt)}`;
  await probeJobDone(queues, jobId, () => (prober.child.exitCode !== null ? `prober exited:\n${prober.output()}` : null));
  const ping = await prisma.ping.findFirstOrThrow({ where: { checkId: check.id } });
  expect(ping.type).toBe('fail');
  expect((await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('down');
  return openPingBody(check.id, ping.body as Uint8Array);
}

describe('a prober given addresses the guard once choked on', () => {
  it('records an IPv4-translated loopback answer as a blocked probe and stays up', async () => {
    expect(await probeOnce('http://translated.test:8080/')).toBe('blocked translated.test: loopback address (not in OUTBOUND_ALLOW_CIDRS)');
  });

  it.each(['metadata.test', 'nat64-metadata.test', 'mapped-metadata.test'])(
    'refuses the metadata service behind %s although its ranges are allowed',
    async (host) => {
      expect(await probeOnce(`http://${host}/latest/meta-data/`)).toBe(`blocked ${host}: cloud metadata address (never allowed)`);
    },
  );

  it('is still alive and ready afterwards', async () => {
    expect(prober.child.exitCode).toBeNull();
    expect((await fetch(`${prober.url}/readyz`)).status).toBe(200);
    expect(prober.output()).not.toMatch(/uncaught|trying to convert/i);
  });
});
